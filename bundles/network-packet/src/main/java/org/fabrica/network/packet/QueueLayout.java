package org.fabrica.network.packet;

/**
 * How the routers' queues and bit masks are numbered, computed once from the wiring and the
 * crossbar organisation: queues per input VC and each router's first queue, the router of each
 * queue (VOQ), and where each router's words start in the routers' bit masks (due heads, their
 * summary words, the heads waiting for each output VC). {@link Routers} keeps these arrays in final
 * fields of its own, so its hot path reads them as before; this class is what they are.
 */
final class QueueLayout {
    /** Per router: queues per input VC (its port count with VOQ, else 1). */
    final int[] queuesPerVc;
    /** Per router, and one past the last: its local queue 0. */
    final int[] queueBase;
    /** VOQ: the router of every queue (null without: a queue is its input VC). */
    final int[] queueRouter;
    /** Per router: the first word of its due-head mask over its local queues. */
    final int[] wordBase;
    /** Per router: words of a bit mask over its local input VCs. */
    final int[] vcWordBase;
    /** Per router: the first word of the summary of its due words. */
    final int[] summaryBase;
    /** Per router: where its output VCs' wait masks start (each VC's mask spans {@link #vcWordBase}'s words). */
    final int[] waitOnBase;
    /** The most due words of one router. */
    final int mostWords;

    QueueLayout(Wiring w, boolean voq) {
        int vcs = w.vcs;
        queuesPerVc = new int[w.routers];
        queueBase = new int[w.routers + 1];
        for (int r = 0; r < w.routers; r++) {
            queuesPerVc[r] = voq ? w.ports(r) : 1;
            queueBase[r + 1] = Math.addExact(queueBase[r], Math.multiplyExact(w.ports(r) * vcs, queuesPerVc[r]));
        }
        if (voq) {
            queueRouter = new int[queueBase[w.routers]];
            for (int r = 0; r < w.routers; r++) {
                java.util.Arrays.fill(queueRouter, queueBase[r], queueBase[r + 1], r);
            }
        } else {
            queueRouter = null;
        }
        wordBase = new int[w.routers + 1];
        vcWordBase = new int[w.routers + 1];
        summaryBase = new int[w.routers + 1];
        waitOnBase = new int[w.routers + 1];
        int most = 1;
        for (int r = 0; r < w.routers; r++) {
            wordBase[r + 1] = wordBase[r] + (queueBase[r + 1] - queueBase[r] + 63) / 64;
            vcWordBase[r + 1] = vcWordBase[r] + (w.ports(r) * vcs + 63) / 64;
            int words = wordBase[r + 1] - wordBase[r];
            summaryBase[r + 1] = summaryBase[r] + (words + 63) / 64;
            most = Math.max(most, words);
            waitOnBase[r + 1] = waitOnBase[r] + w.ports(r) * vcs * (vcWordBase[r + 1] - vcWordBase[r]);
        }
        mostWords = most;
    }

    /** Queues in all routers. */
    int queues() {
        return queueBase[queueBase.length - 1];
    }

    /** With VOQ crossbars, the output port queue {@code q} of router {@code r} is for; -1 otherwise. */
    int voqOutput(int q, int r) {
        return queueRouter != null ? (q - queueBase[r]) % queuesPerVc[r] : -1;
    }
}
