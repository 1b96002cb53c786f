package org.fabrica.network.flit;

/**
 * Network interfaces with one injection queue per VC of the terminal input port
 * ({@code InjectionQueues.PER_VC}): a generated packet joins the shortest lane the queuing
 * scheme's injection mask allows, and the lanes' front packets send their flits interleaved, round
 * robin (with whole packets per output, a packet keeps the link to its tail). A new packet needs a
 * credit of its lane's VC (for the whole packet under virtual cut-through), a packet under way one
 * credit.
 */
sealed class PerVcQueueInterfaces extends NetworkInterfaces permits AdmittanceInterfaces {
    /** Flits of each lane's front packet already sent, and each node's round-robin pointer. */
    private final int[] laneSent;
    private final int[] nextLane;

    PerVcQueueInterfaces(Parts parts, Timing timing) {
        super(parts, timing, parts.wiring().vcs);
        this.laneSent = new int[wiring.nodes * lanes];
        this.nextLane = new int[wiring.nodes];
    }

    @Override
    void enqueue(int n, long id, int destination, long created, long t) {
        ScratchPacket p = firstHopScratch;
        p.set(id, n, destination, packetFlits, created);
        int network = chooseNetwork(n, p);
        queues.add(n * lanes + shortestLane(n, route.injectionMask(n, p)), id, created, destination, 0, network);
        niWaiting[n] = false; // another lane may be able to send
        joinedQueue(n);
    }

    @Override
    final boolean sendingOn(int n, int v) {
        return laneSent[n * lanes + v] > 0;
    }

    @Override
    final void injectAll(long t, int tl) {
        for (int i = 0; i < activeNiCount; i++) {
            inject(activeNis[i], t, tl);
        }
        keepActive();
    }

    /** Node {@code n}'s turn in cycle {@code t}. */
    void inject(int n, long t, int tl) {
        if (idle(n, tl)) {
            return;
        }
        injectFromLanes(n, t, tl);
    }

    /** The tail of the packet in {@code slot} left lane {@code qi} (for the admittance queues' bookkeeping). */
    void tailLeft(int n, int qi, int slot) {
    }

    /**
     * The next lane in round-robin order whose front packet can send a flit sends it. With none,
     * the NI sleeps until a credit returns or a packet joins a lane.
     */
    final void injectFromLanes(int n, long t, int tl) {
        int base = n * lanes;
        int ciBase = outputs.niCreditBase + n * vcs;
        int[] credits = outputs.credits;
        int start = nextLane[n];
        // whole packets: a lane with a packet under way keeps the link until its tail
        int tries = wholePackets && laneSent[base + start] > 0 ? 1 : lanes;
        for (int k = 0; k < tries; k++) {
            int q = start + k;
            if (q >= lanes) {
                q -= lanes;
            }
            int qi = base + q;
            if (queues.isEmpty(qi)) {
                continue;
            }
            int slot = frontSlot(n, qi);
            int sent = laneSent[qi];
            int cr = credits[ciBase + q];
            if (sent == 0 ? (cutThrough ? cr < pool.length[slot] : cr <= 0)
                    || (waitForTailCredit && cr != outputs.capacityOf(ciBase + q)) : cr <= 0) {
                if (sent == 0 && checkRoom) {
                    requireRoom(n, slot, 1L << q, ciBase);
                }
                continue;
            }
            credits[ciBase + q]--;
            sent++;
            send(n, q, slot, sent == 1, t, tl);
            if (sent == pool.length[slot]) {
                queues.removeFirst(qi);
                niQueued[n]--;
                sent = 0;
                tailLeft(n, qi, slot);
            }
            laneSent[qi] = sent;
            nextLane[n] = wholePackets && sent > 0 ? q : q + 1 == lanes ? 0 : q + 1;
            return;
        }
        niWaiting[n] = true;
    }
}
