package org.fabrica.network.flit;

import java.util.Arrays;

/**
 * Network interfaces with one source queue per node ({@code InjectionQueues.SINGLE}, no active
 * throttle), the default. Each node has an unbounded FIFO source queue ({@link SourceQueues}). The
 * packet at its front is injected one flit per cycle into the terminal input port of its router:
 * the head takes a VC of {@code QueuingScheme.injectionVcMask} (round robin from the VC used last,
 * BookSim style) that has a credit (virtual cut-through: credits for the whole packet); following
 * flits go whenever the NI holds a credit. Packets leave one after the other (no interleaving at
 * the NI).
 */
final class SourceQueueInterfaces extends NetworkInterfaces {
    /** VC of the packet the NI is sending, -1 between packets. */
    private final int[] niVc;
    private final int[] niSent;
    private final int[] niLastVc;
    /** The front packet's injection mask, asked once per packet (0: not yet). */
    private final long[] niMask;

    SourceQueueInterfaces(Parts parts, Timing timing) {
        super(parts, timing, 1);
        int nodes = wiring.nodes;
        niVc = new int[nodes];
        Arrays.fill(niVc, -1);
        niSent = new int[nodes];
        niLastVc = new int[nodes];
        Arrays.fill(niLastVc, vcs - 1);
        niMask = new long[nodes];
    }

    @Override
    void enqueue(int n, long id, int destination, long created, long t) {
        queues.add(n, id, created, destination, 0);
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
        if (v < 0) {
            int slot = frontSlot(n, n);
            long mask = niMask[n];
            if (mask == 0) {
                mask = route.injectionMask(n, slot);
                niMask[n] = mask;
            }
            v = freeVc(mask, niLastVc[n], pool.length[slot], ciBase);
            if (v < 0) {
                if (checkRoom) {
                    requireRoom(n, slot, mask, ciBase);
                }
                niWaiting[n] = true; // only a returning credit can change that
                return;
            }
            niVc[n] = v;
            niLastVc[n] = v;
        }
        int ci = ciBase + v;
        int[] credits = outputs.credits;
        if (credits[ci] <= 0) {
            niWaiting[n] = true;
            return;
        }
        int slot = queues.frontSlot(n);
        credits[ci]--;
        int sent = ++niSent[n];
        send(n, v, slot, sent == 1, t, tl);
        if (sent == pool.length[slot]) {
            queues.removeFirst(n);
            niQueued[n]--;
            niVc[n] = -1;
            niSent[n] = 0;
            niMask[n] = 0;
        }
    }
}
