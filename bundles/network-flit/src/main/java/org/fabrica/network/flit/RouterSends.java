package org.fabrica.network.flit;

import java.util.Arrays;
import org.fabrica.kernel.SimulationException;
import org.fabrica.network.parts.ServiceLevels;
import org.fabrica.queuing.QueuingScheme;

/**
 * Packets a router's collective engine sends on its own ({@code RouterActions.send}): each enters
 * its router as if it arrived on the input side of the port it will leave by, in the lowest VC the
 * queuing scheme gives its class there, as soon as that buffer has a slot the port's upstream is
 * not using (no packet of the upstream holds that VC). It takes one of the upstream's credits,
 * which returns when the packet leaves, so the credit count stays exact. It is routed already:
 * out through its port ({@code routingState} holds port + 1; {@link CollectiveUnit#atRouter}).
 * Until a slot is free it waits here, in the order sent.
 */
final class RouterSends {
    private final String engineName;
    private final Wiring wiring;
    private final InputBuffers inputs;
    private final PacketPool pool;
    private final Progress progress;
    private final ScratchPacket scratch = new ScratchPacket();
    /** A node of each router, to fill a sent packet's source and destination fields. */
    private final int[] routerNode;
    private OutputUnits outputs;
    private NetworkInterfaces interfaces;
    private QueuingScheme queuing;
    private ServiceLevels levels;
    // waiting: (router, port, class, header)
    private int[] router = new int[16];
    private int[] port = new int[16];
    private int[] packetClass = new int[16];
    private int[] header = new int[16];
    private int size;
    /** Packets that entered their router. */
    long sent;

    RouterSends(String engineName, Wiring wiring, InputBuffers inputs, PacketPool pool, Progress progress) {
        this.engineName = engineName;
        this.wiring = wiring;
        this.inputs = inputs;
        this.pool = pool;
        this.progress = progress;
        this.routerNode = new int[wiring.routers];
        for (int n = wiring.nodes - 1; n >= 0; n--) {
            routerNode[wiring.nodeRouter[n]] = n;
        }
    }

    void wire(OutputUnits o, NetworkInterfaces nis, QueuingScheme scheme, ServiceLevels serviceLevels) {
        this.outputs = o;
        this.interfaces = nis;
        this.queuing = scheme;
        this.levels = serviceLevels;
    }

    void add(int r, int p, int c, int h) {
        if (size == router.length) {
            int n = size * 2;
            router = Arrays.copyOf(router, n);
            port = Arrays.copyOf(port, n);
            packetClass = Arrays.copyOf(packetClass, n);
            header = Arrays.copyOf(header, n);
        }
        router[size] = r;
        port[size] = p;
        packetClass[size] = c;
        header[size] = h;
        size++;
    }

    boolean isEmpty() {
        return size == 0;
    }

    /** The waiting packets enter where a slot is free (in the order sent); the others wait for the next cycle. */
    void flush(long t) {
        int kept = 0;
        for (int i = 0; i < size; i++) {
            if (!enter(router[i], port[i], packetClass[i], header[i], t)) {
                router[kept] = router[i];
                port[kept] = port[i];
                packetClass[kept] = packetClass[i];
                header[kept] = header[i];
                kept++;
            }
        }
        size = kept;
    }

    /** One packet into router {@code r}'s input of port {@code p}, if a slot is free now. */
    private boolean enter(int r, int p, int c, int h, long t) {
        int vcs = wiring.vcs;
        int gpIn = wiring.portBase[r] + p;
        int upstream = wiring.creditTarget[gpIn];
        if (upstream < 0) {
            return false; // an unconnected port: refused when sent, cannot happen
        }
        scratch.set(progress.nextPacketId, -1, -1, CollectiveUnit.FLITS, t);
        scratch.packetClass(c);
        long mask;
        try {
            mask = queuing.vcMask(r, p, 0, scratch);
        } catch (RuntimeException e) {
            throw new SimulationException("the queuing scheme failed choosing the VC of a packet collective engine '"
                    + engineName + "' sent at router " + r + ": " + e, e);
        }
        int[] credits = outputs.credits;
        for (long m = levels.vcs(mask & levels.all); m != 0; m &= m - 1) {
            int v = Long.numberOfTrailingZeros(m);
            int ci = upstream + v;
            if (credits[ci] <= 0) {
                continue;
            }
            boolean busy = ci < outputs.niCreditBase ? outputs.owner[ci] >= 0
                    : interfaces.sendingOn((ci - outputs.niCreditBase) / vcs, v);
            if (busy) {
                continue; // a packet of the upstream is under way in this VC
            }
            credits[ci]--;
            long id = progress.nextPacketId++;
            int s = pool.allocate(id, routerNode[r], routerNode[r], CollectiveUnit.FLITS, t);
            pool.packetClass[s] = (byte) c;
            pool.header[s] = h;
            pool.routingState[s] = p + 1; // routed already: out through p
            pool.state[s] = PacketPool.IN_NETWORK;
            pool.injected[s] = t;
            interfaces.generated++;
            sent++;
            progress.inNetwork++;
            progress.lastMove = t;
            inputs.arrive(gpIn * vcs + v, r, p * vcs + v, s, (int) t + 1, true);
            return true;
        }
        return false;
    }
}
