package org.fabrica.network.flit;

import static org.fabrica.network.flit.InputBuffers.COUNT;
import static org.fabrica.network.flit.InputBuffers.FRONT_SLOT;
import static org.fabrica.network.flit.InputBuffers.FRONT_VIS;
import static org.fabrica.network.flit.InputBuffers.HEAD;
import static org.fabrica.network.flit.InputBuffers.TAIL;
import static org.fabrica.network.flit.InputBuffers.VC_SHIFT;

/**
 * Input buffers with VOQ crossbar access: one queue per input VC and output port ({@link Wiring}:
 * queue {@code iv * Q + output}). A VC's flits may leave in another order than they came (packets
 * bound to different outputs), so each queue is a linked list of runs of one packet drawn from its
 * VC's pool of runs. The queue of a packet is the output of its route, computed when its head
 * arrives ({@link RouteStage#arrival}): the rest of the packet follows the head into the same
 * queue. A VC's arrivals are packet-contiguous (the upstream VC belongs to one packet at a time),
 * so a run is a range of the VC's arrival numbers and keeps only its first; the VC keeps the
 * arrival cycles of its last {@link #window} flits, as {@link RunFifoBuffers} does, and older
 * flits are visible. One block of {@link #block} ints per VC in {@link #runs}
 * ({@code b = iv * block}): {@code [b]} the flits that ever arrived, {@code [b + 1]} the first free
 * run, the window, then {@link #runSlots} runs of four ints (pool slot, flits, arrival number of
 * its first flit, next run or -1). A queue's {@link InputBuffers#HEAD} and {@link InputBuffers#TAIL}
 * are run numbers. The pools start at {@link InputBuffers#voqRunSlotsFor} runs and double (every
 * VC's, never past the largest capacity) when one runs out. Results are those of a slot-per-flit
 * pool, bit for bit.
 */
final class VoqBuffers {
    /** The queue records (one per VC and output), whose count, head, tail and front copy this layout keeps. */
    private final int[] vc;
    /** One block per VC; replaced when the pools grow. */
    int[] runs;
    /** Runs in each VC's pool. */
    int runSlots;
    /** Ints per VC in {@link #runs}: 2 + window + 4 * runSlots. */
    int block;
    final int window;
    /** Per VC its flits (over its queues) and the queue its arriving packet joined. */
    final int[] vcFlits;
    private final int[] arrivingQueue;
    private final int[] capacityOfVc;
    private final int[] firstQueue;
    private final int stride;
    private final Wiring wiring;
    private RouteStage route;
    private InvariantChecks checks;

    VoqBuffers(int[] records, Wiring wiring, int[] capacityOfVc, int stride, int window, int runSlots) {
        this.vc = records;
        this.wiring = wiring;
        this.capacityOfVc = capacityOfVc;
        this.firstQueue = wiring.firstQueue;
        this.stride = stride;
        this.window = window;
        this.runSlots = runSlots;
        this.block = 2 + window + 4 * runSlots;
        int totalVcs = capacityOfVc.length;
        this.runs = new int[Math.multiplyExact(totalVcs, block)];
        this.vcFlits = new int[totalVcs];
        this.arrivingQueue = new int[totalVcs];
        for (int iv = 0; iv < totalVcs; iv++) {
            chainFree(runs, iv * block, 0, runSlots, -1);
        }
    }

    void wire(RouteStage routeStage, InvariantChecks invariantChecks) {
        this.route = routeStage;
        this.checks = invariantChecks;
    }

    /**
     * A flit of packet {@code slot} arrives in VC {@code iv} at router {@code r}, visible from
     * {@code visible}: a head ({@code head}) is routed now and joins the queue of its output, the
     * packet's other flits follow it. Returns the queue it joined.
     */
    int arrive(int iv, int r, int slot, int visible, boolean head) {
        int flits = vcFlits[iv];
        int cap = capacityOfVc[iv];
        if (flits >= cap) {
            throw InputBuffers.overflow(checks, iv, flits, cap, slot);
        }
        int q;
        if (head) {
            q = firstQueue[iv] + route.arrival(r, iv, slot);
            arrivingQueue[iv] = q;
        } else {
            q = arrivingQueue[iv];
        }
        int[] f = runs;
        int b = iv * block;
        int arrival = f[b];
        int w = b + 2 + (arrival & (window - 1));
        if (flits >= window && (int) checks.now() - f[w] < 0) {
            throw InputBuffers.windowTooSmall(checks, iv, f[w], window);
        }
        f[w] = visible;
        f[b] = arrival + 1;
        vcFlits[iv] = flits + 1;
        int x = q << VC_SHIFT;
        int count = vc[x + COUNT];
        int tail = vc[x + TAIL];
        if (count > 0 && f[b + 2 + window + (tail << 2)] == slot) {
            f[b + 2 + window + (tail << 2) + 1]++;
        } else {
            int run = f[b + 1];
            if (run < 0) {
                grow();
                f = runs;
                b = iv * block;
                run = f[b + 1];
            }
            int e = b + 2 + window + (run << 2);
            f[b + 1] = f[e + 3];
            f[e] = slot;
            f[e + 1] = 1;
            f[e + 2] = arrival;
            f[e + 3] = -1;
            if (count == 0) {
                vc[x + HEAD] = run;
            } else {
                f[b + 2 + window + (tail << 2) + 3] = run;
            }
            vc[x + TAIL] = run;
        }
        vc[x + COUNT] = count + 1;
        return q;
    }

    /** Links runs {@code from .. to-1} of the block at {@code b} into its free list, ahead of {@code rest}. */
    private void chainFree(int[] f, int b, int from, int to, int rest) {
        int first = b + 2 + window;
        for (int k = from; k < to; k++) {
            f[first + (k << 2) + 3] = k + 1 < to ? k + 1 : rest;
        }
        f[b + 1] = from < to ? from : rest;
    }

    /** A VC ran out of runs: every pool doubles (at most to the largest capacity), runs keeping their numbers. */
    private void grow() {
        int grown = Math.min(stride, runSlots * 2);
        if (grown == runSlots) {
            throw new IllegalStateException("a VOQ VC needs more than " + grown + " runs for at most " + stride + " flits");
        }
        int grownBlock = 2 + window + 4 * grown;
        int vcsTotal = capacityOfVc.length;
        int[] g = new int[Math.multiplyExact(vcsTotal, grownBlock)];
        for (int iv = 0; iv < vcsTotal; iv++) {
            int b = iv * block;
            int nb = iv * grownBlock;
            System.arraycopy(runs, b, g, nb, block);
            chainFree(g, nb, runSlots, grown, runs[b + 1]);
        }
        runs = g;
        runSlots = grown;
        block = grownBlock;
    }

    /** Removes the front flit of queue {@code q} at router {@code r}; returns the flits left in the queue. */
    int pop(int q, int r) {
        int iv = wiring.queueVc(q, r);
        int x = q << VC_SHIFT;
        int[] f = runs;
        int b = iv * block;
        int first = b + 2 + window;
        int h = vc[x + HEAD];
        int e = first + (h << 2);
        int left = --f[e + 1];
        f[e + 2]++; // the run's next flit arrived right after this one
        vcFlits[iv]--;
        int remaining = --vc[x + COUNT];
        if (left == 0) {
            int next = f[e + 3];
            f[e + 3] = f[b + 1];
            f[b + 1] = h;
            h = next;
            vc[x + HEAD] = h;
        }
        if (remaining > 0) {
            int n = first + (h << 2);
            vc[x + FRONT_SLOT] = f[n];
            vc[x + FRONT_VIS] = visible(f, b, f[n + 2]);
        }
        return remaining;
    }

    /** The cycle from which the VC's flit of arrival number {@code arrival} is visible (older than the window: now). */
    private int visible(int[] f, int b, int arrival) {
        return f[b] - arrival <= window ? f[b + 2 + (arrival & (window - 1))] : (int) checks.now();
    }

    /** Flits that have arrived in VC {@code iv} by cycle (low 32 bits) {@code nowLow}. */
    int visibleFlits(int iv, int nowLow) {
        // flits still on the link are among the VC's last arrivals, all in the window (and buffered)
        int visible = vcFlits[iv];
        for (int k = 0, w = iv * block + 2; k < window; k++) {
            if (nowLow - runs[w + k] < 0) {
                visible--;
            }
        }
        return visible;
    }

    /** Packet slot of the flit at position {@code i} (0 = front) of queue {@code q}. */
    int flitSlot(int q, int i) {
        return runs[(int) (entry(q, i) >>> 32)];
    }

    /** Cycle (low 32 bits) from which the flit at position {@code i} (0 = front) of queue {@code q} is visible. */
    int flitVisible(int q, int i) {
        long at = entry(q, i);
        int e = (int) (at >>> 32);
        return visible(runs, wiring.queueVc(q) * block, runs[e + 2] + (int) at);
    }

    /**
     * The index in {@link #runs} of the run holding the flit at position {@code i} (0 = front) of
     * queue {@code q} (high 32 bits) and the flit's position within that run (low 32 bits).
     */
    private long entry(int q, int i) {
        int b = wiring.queueVc(q) * block;
        for (int run = vc[(q << VC_SHIFT) + HEAD]; run >= 0; ) {
            int e = b + 2 + window + (run << 2);
            if (i < runs[e + 1]) {
                return (long) e << 32 | i;
            }
            i -= runs[e + 1];
            run = runs[e + 3];
        }
        throw new IndexOutOfBoundsException("flit " + i + " of queue " + q);
    }
}
