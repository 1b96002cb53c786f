package org.fabrica.queuing.basic;

import org.fabrica.queuing.QueuingContext;
import org.fabrica.queuing.QueuingScheme;
import org.fabrica.routing.PacketView;
import org.fabrica.topology.Topology;

/**
 * DBBQ over two virtual networks: network 0 queues by horizontal bands of destinations, network 1
 * by vertical bands (VC = {@code (network * q + band) * classes + class}). The source chooses the
 * network once per packet:
 * <ul>
 * <li>{@link NetworkSelection#ROUND_ROBIN} (OSHA, oblivious): networks alternate packet by packet per source;</li>
 * <li>{@link NetworkSelection#LEAST_OCCUPIED} (SASHA, source adaptive): the network whose candidate queue
 * (the packet's band queue at the output its first hop takes in that network) holds fewer flits as
 * the source router's output counts them by credits; ties alternate as round robin does.</li>
 * <li>{@link NetworkSelection#LEAST_WAITING} (SASHA on the transmit-wait counters): the network whose
 * candidate queue's output VC waited fewer cycles for credits since the source last read that
 * counter ({@link QueuingContext#transmitWait}: the increase between two readings, so the interval
 * is the time between two packets of the source that compare the same queues); ties alternate.</li>
 * </ul>
 * The routing reads the packet's network to choose its path (e.g. XY in network 0, YX in 1).
 */
final class DbbqQueuing implements QueuingScheme {
    private final Bands bands;
    private final NetworkSelection selection;
    private final QueuingContext context;
    private final Topology topology;
    /** Per source: the network its next round-robin choice (or tie) takes. */
    private final int[] next;
    /** Least-waiting: per source, port of its router and VC, the counter at the source's last reading. */
    private final long[] lastWait;
    private final int maxPorts;

    DbbqQueuing(Bands bands, NetworkSelection selection, QueuingContext context) {
        this.bands = bands;
        this.selection = selection;
        this.context = context;
        this.topology = context.topology();
        this.next = new int[topology.nodes()];
        int ports = 1;
        for (int n = 0; n < topology.nodes(); n++) {
            ports = Math.max(ports, topology.ports(topology.nodeRouter(n)));
        }
        this.maxPorts = ports;
        this.lastWait = selection == NetworkSelection.LEAST_WAITING
                ? new long[Math.multiplyExact(Math.multiplyExact(topology.nodes(), ports), context.vcs())]
                : null;
    }

    @Override
    public long vcMask(int router, int outPort, int vcClass, PacketView packet) {
        int network = packet.virtualNetwork();
        return 1L << bands.vc(network, bands.band(network, packet.destination()), vcClass);
    }

    @Override
    public long injectionVcMask(int node, PacketView packet) {
        int network = packet.virtualNetwork();
        return 1L << bands.vc(network, bands.band(network, packet.destination()), 0);
    }

    @Override
    public int virtualNetwork(int node, PacketView packet) {
        int turn = next[node];
        if (selection == NetworkSelection.LEAST_OCCUPIED) {
            int a = candidateFlits(node, packet, 0);
            int b = candidateFlits(node, packet, 1);
            packet.virtualNetwork(0);
            if (a != b) {
                return a < b ? 0 : 1;
            }
        } else if (selection == NetworkSelection.LEAST_WAITING) {
            long a = candidateWait(node, packet, 0);
            long b = candidateWait(node, packet, 1);
            packet.virtualNetwork(0);
            if (a != b) {
                return a < b ? 0 : 1;
            }
        }
        next[node] = 1 - turn;
        return turn;
    }

    /**
     * Cycles the output VC of the queue {@code packet} would take at its first hop in {@code network}
     * waited for credits since this source last read it.
     */
    private long candidateWait(int node, PacketView packet, int network) {
        packet.virtualNetwork(network);
        int port = context.firstHopPort(node, packet);
        int vc = bands.vc(network, bands.band(network, packet.destination()), 0);
        long now = context.transmitWait(topology.nodeRouter(node), port, vc);
        int i = (node * maxPorts + port) * context.vcs() + vc;
        long waited = now - lastWait[i];
        lastWait[i] = now;
        return waited;
    }

    /** Flits in the queue {@code packet} would take at its first hop in {@code network}. */
    private int candidateFlits(int node, PacketView packet, int network) {
        packet.virtualNetwork(network);
        int port = context.firstHopPort(node, packet);
        int vc = bands.vc(network, bands.band(network, packet.destination()), 0);
        return context.downstreamFlits(topology.nodeRouter(node), port, vc);
    }
}
