package org.fabrica.network.flit;

import org.fabrica.network.parts.AdmissionQueues;

/**
 * Per-VC injection queues fed by admittance queues per destination
 * ({@code InjectionQueues.PER_VC_ADMITTANCE}): a generated packet first joins
 * {@link AdmissionQueues} (one ring per node standing for one FIFO per destination) and waits there
 * until its injection queue has room; the injection queues hold at most what the first router's
 * VC holds, and the virtual network is chosen when the packet is first offered to them, not when
 * it is generated. Packets move into lanes with room whenever a packet arrived or a lane freed
 * room ({@link #admit}); the lanes then send as {@link PerVcQueueInterfaces} do.
 */
final class AdmittanceInterfaces extends PerVcQueueInterfaces {
    private final AdmissionQueues admission;
    /** Flits queued in each injection queue (lane). */
    private final int[] laneFlits;
    /** Something changed (a packet arrived, a lane freed room) since the node's last admission. */
    private final boolean[] admitDirty;

    AdmittanceInterfaces(Parts parts, Timing timing) {
        super(parts, timing);
        this.admission = new AdmissionQueues(wiring.nodes);
        this.laneFlits = new int[wiring.nodes * lanes];
        this.admitDirty = new boolean[wiring.nodes];
    }

    @Override
    void collectives(CollectiveUnit unit) {
        throw new IllegalArgumentException("a collective engine's packets bypass no admittance queue; use injection"
                + " queues single or per-vc with a collective engine (per-vc-admittance is not supported with one)");
    }

    @Override
    void enqueue(int n, long id, int destination, long created, long t) {
        admission.add(n, id, created, destination);
        admitDirty[n] = true;
        joinedQueue(n);
    }

    @Override
    long admitting() {
        return admission.records();
    }

    @Override
    void inject(int n, long t, int tl) {
        if (niQueued[n] == 0) {
            return;
        }
        if (admitDirty[n]) {
            admit(n);
        }
        if (idle(n, tl)) {
            return;
        }
        injectFromLanes(n, t, tl);
    }

    @Override
    void tailLeft(int n, int qi, int slot) {
        laneFlits[qi] -= pool.length[slot];
        admitDirty[n] = true; // the injection queue has room for the next packet
    }

    /**
     * Admittance queues: moves the packets of node {@code n} that fit into their injection queues,
     * the destinations' queues served oldest head first: a scan from the oldest packet that skips
     * every destination whose earlier packet found no room (so packets to one destination stay in
     * order). A packet's virtual network is chosen the first time it is offered (and kept); its
     * queue is the one of the queuing scheme's injection VCs with room that holds the fewest flits.
     * An injection queue has room for a packet when it is empty or the packet fits in the first
     * router's VC capacity beside what it holds.
     */
    private void admit(int n) {
        admitDirty[n] = false;
        int base = n * lanes;
        int ciBase = outputs.niCreditBase + n * vcs;
        long room = 0;
        for (int v = 0; v < lanes; v++) {
            if (fits(base + v, ciBase + v)) {
                room |= 1L << v;
            }
        }
        if (room == 0) {
            return; // a lane that frees room marks the node again
        }
        AdmissionQueues a = admission;
        boolean moved = false;
        for (int k = 0; k < a.span(n) && room != 0; k++) {
            if (a.isHole(n, k)) {
                continue;
            }
            int dst = a.destination(n, k);
            if (a.blocked(dst)) {
                continue;
            }
            long packetId = a.id(n, k);
            long createdAt = a.created(n, k);
            ScratchPacket p = firstHopScratch;
            p.set(packetId, n, dst, packetFlits, createdAt);
            int network = 0;
            if (choosesNetworks) {
                network = a.network(n, k);
                if (network < 0) {
                    network = route.virtualNetwork(n, p);
                    a.network(n, k, network);
                }
                p.virtualNetwork(network);
            }
            long mask = route.injectionMask(n, p) & room;
            if (mask == 0) {
                a.block(dst);
                continue;
            }
            int lane = leastFlitsLane(base, mask);
            queues.add(base + lane, packetId, createdAt, dst, 0, network);
            laneFlits[base + lane] += packetFlits;
            if (!fits(base + lane, ciBase + lane)) {
                room &= ~(1L << lane);
            }
            int dropped = a.remove(n, k);
            k = Math.max(k + 1 - dropped, 0) - 1; // the front moved by the positions dropped
            moved = true;
        }
        a.endScan();
        if (moved) {
            niWaiting[n] = false;
        }
    }

    /** Whether injection queue {@code qi} has room for a packet: empty, or the packet fits beside what it holds in its VC's capacity. */
    private boolean fits(int qi, int ci) {
        int queued = laneFlits[qi];
        return queued == 0 || queued + packetFlits <= outputs.capacityOf(ci);
    }

    /** The lane of {@code mask} holding the fewest flits, the lowest on ties. */
    private int leastFlitsLane(int base, long mask) {
        int best = -1;
        int bestFlits = Integer.MAX_VALUE;
        for (long m = mask; m != 0; m &= m - 1) {
            int v = Long.numberOfTrailingZeros(m);
            if (laneFlits[base + v] < bestFlits) {
                best = v;
                bestFlits = laneFlits[base + v];
            }
        }
        return best;
    }
}
