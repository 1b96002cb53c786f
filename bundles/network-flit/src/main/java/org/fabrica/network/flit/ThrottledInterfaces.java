package org.fabrica.network.flit;

import java.util.Arrays;
import org.fabrica.kernel.SimulationException;
import org.fabrica.throttle.Throttle;

/**
 * Network interfaces under an active throttle: each NI keeps one source queue (lane) per output
 * port of its router (the packet's first hop, from the routing's first candidate when the packet
 * is generated), so that a packet held back toward one direction does not hold back packets
 * toward another. Between packets the NI offers the front packets of its lanes, oldest first, to
 * {@code throttle.admit(router, firstHopPort, vc, packet, t)} for each VC the first hop may take,
 * and starts sending the oldest admitted one as {@link SourceQueueInterfaces} sends its front
 * packet. A throttle that admits everything therefore gives exactly the single-FIFO run. Transit
 * packets are never asked.
 */
final class ThrottledInterfaces extends NetworkInterfaces {
    private final Throttle throttle;
    /** Queue of the packet the NI is sending, -1 between packets. */
    private final int[] niQueue;
    private final int[] niVc;
    private final int[] niSent;
    private final int[] niLastVc;
    /** Set by {@link #admittedLane}: the throttle held back at least one packet older than its answer. */
    private boolean niHeld;

    ThrottledInterfaces(Parts parts, Timing timing, Throttle throttle, int maxPorts) {
        super(parts, timing, maxPorts);
        this.throttle = throttle;
        int nodes = wiring.nodes;
        niQueue = new int[nodes];
        Arrays.fill(niQueue, -1);
        niVc = new int[nodes];
        Arrays.fill(niVc, -1);
        niSent = new int[nodes];
        niLastVc = new int[nodes];
        Arrays.fill(niLastVc, vcs - 1);
    }

    @Override
    void collectives(CollectiveUnit unit) {
        throw new IllegalArgumentException("a throttle cannot be combined with a collective engine (collective packets"
                + " have no first hop the routing computes); run the collective study without a throttle");
    }

    @Override
    void enqueue(int n, long id, int destination, long created, long t) {
        ScratchPacket p = firstHopScratch;
        p.set(id, n, destination, packetFlits, created);
        int network = chooseNetwork(n, p);
        int port = route.firstHop(n, p, t);
        queues.add(n * lanes + port, id, created, destination, route.firstHopMask, network);
        joinedQueue(n);
    }

    @Override
    boolean sendingOn(int n, int v) {
        return niVc[n] == v;
    }

    @Override
    void injectAll(long t, int tl) {
        for (int i = 0; i < activeNiCount; i++) {
            inject(activeNis[i], t, tl);
        }
        keepActive();
    }

    private void inject(int n, long t, int tl) {
        if (idle(n, tl)) {
            return;
        }
        int v = niVc[n];
        int ciBase = outputs.niCreditBase + n * vcs;
        int qi = niQueue[n];
        if (v < 0) {
            qi = admittedLane(n, t);
            boolean held = niHeld;
            if (qi < 0) {
                heldCycles++;
                return; // every queued packet held back: ask again next cycle
            }
            int slot = frontSlot(n, qi);
            // the first-hop candidate may change while the packet waits, so its mask is asked every time
            long mask = route.injectionMask(n, slot);
            v = freeVc(mask, niLastVc[n], pool.length[slot], ciBase);
            if (v < 0) {
                if (checkRoom) {
                    requireRoom(n, slot, mask, ciBase);
                }
                // only a returning credit can change that, unless the throttle held an older packet back
                niWaiting[n] = !held;
                return;
            }
            niVc[n] = v;
            niLastVc[n] = v;
            niQueue[n] = qi;
        }
        int ci = ciBase + v;
        int[] credits = outputs.credits;
        if (credits[ci] <= 0) {
            niWaiting[n] = true;
            return;
        }
        int slot = queues.frontSlot(qi);
        credits[ci]--;
        int sent = ++niSent[n];
        send(n, v, slot, sent == 1, t, tl);
        if (sent == pool.length[slot]) {
            queues.removeFirst(qi);
            niQueued[n]--;
            niVc[n] = -1;
            niQueue[n] = -1;
            niSent[n] = 0;
        }
    }

    /**
     * The queue (lane) of node {@code n} whose front packet is the oldest one the throttle lets
     * leave toward its first hop in cycle {@code t}, or -1 if it holds every front packet back.
     * Front packets are asked oldest first (packet ids grow with generation), so with a throttle
     * that admits everything this is the single FIFO exactly. A packet is admitted when the
     * throttle admits one of the VCs its first hop may take.
     */
    private int admittedLane(int n, long t) {
        niHeld = false;
        int base = n * lanes;
        int router = wiring.nodeRouter[n];
        long asked = 0;
        while (true) {
            int best = -1;
            long bestId = Long.MAX_VALUE;
            for (int q = 0; q < lanes; q++) {
                int qi = base + q;
                long id = queues.frontId(qi); // SourceQueues.EMPTY when empty
                if (id < bestId && (asked >>> q & 1L) == 0) {
                    bestId = id;
                    best = q;
                }
            }
            if (best < 0) {
                return -1;
            }
            asked |= 1L << best;
            int qi = base + best;
            int slot = frontSlot(n, qi);
            PacketFlyweight view = route.view(slot);
            long vcsOfHop = queues.frontFirstHopVcs(qi);
            while (vcsOfHop != 0) {
                int v = Long.numberOfTrailingZeros(vcsOfHop);
                vcsOfHop &= vcsOfHop - 1;
                boolean admitted;
                try {
                    admitted = throttle.admit(router, best, v, view, t);
                } catch (RuntimeException e) {
                    throw new SimulationException("throttle '" + names.throttle() + "' threw " + e + " for "
                            + pool.name(slot) + " at router " + router + " at cycle " + t, e);
                }
                if (admitted) {
                    return qi;
                }
            }
            niHeld = true;
        }
    }
}
