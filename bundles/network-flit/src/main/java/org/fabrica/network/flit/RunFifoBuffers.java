package org.fabrica.network.flit;

import static org.fabrica.network.flit.InputBuffers.CAPACITY;
import static org.fabrica.network.flit.InputBuffers.COUNT;
import static org.fabrica.network.flit.InputBuffers.FRONT_SLOT;
import static org.fabrica.network.flit.InputBuffers.FRONT_VIS;
import static org.fabrica.network.flit.InputBuffers.HEAD;
import static org.fabrica.network.flit.InputBuffers.VC_SHIFT;

/**
 * FIFO input buffers stored as runs of one packet, not one record per flit slot, for deep VCs
 * (hundreds of flits), whose slot rings ({@link SlotFifoBuffers}) would take most of the network's
 * memory. One block of {@link #block} ints per VC in {@link #fifo} ({@code b = iv * block}) holds
 * {@code fifo[b]} the flits that ever arrived (wrapping), {@code fifo[b + 1]} the runs held, then a
 * window of the arrival cycles of the last {@link #window} flits (arrival k at
 * {@code b + 2 + (k & (window - 1))}), then a ring of {@link #runSlots} runs (pool slot, flits), the
 * front run at the queue record's {@link InputBuffers#HEAD}. Flits older than the window are
 * visible: a VC takes at most one flit a cycle, each visible at most {@code window - 1} cycles after
 * it is sent ({@link Links#maxArrivalDelay}), and every push checks it. A flit's packet is its
 * run's; the arrival cycle of a visible flit is only compared with the current cycle, so the
 * current cycle stands for it once it left the window. The ring of runs starts at
 * {@link InputBuffers#runSlotsFor} and doubles (never past the largest capacity) when a VC holds
 * more packets than that. Results are those of a slot-per-flit ring, bit for bit.
 */
final class RunFifoBuffers {
    /** The queue records (one per VC), whose count, head, capacity and front copy this layout keeps. */
    private final int[] vc;
    /** One block per VC; replaced when the ring of runs grows. */
    int[] fifo;
    /** Arrival cycles kept per VC (a power of two). */
    final int window;
    /** Runs the ring of each VC holds. */
    int runSlots;
    /** Ints per VC in {@link #fifo}: 2 + window + 2 * runSlots. */
    int block;
    private final int stride;
    private final int totalVcs;
    private InvariantChecks checks;

    RunFifoBuffers(int[] records, int totalVcs, int stride, int window, int runSlots) {
        this.vc = records;
        this.totalVcs = totalVcs;
        this.stride = stride;
        this.window = window;
        this.runSlots = runSlots;
        this.block = 2 + window + 2 * runSlots;
        this.fifo = new int[Math.multiplyExact(totalVcs, block)];
    }

    void wire(InvariantChecks invariantChecks) {
        this.checks = invariantChecks;
    }

    /** Appends a flit of packet {@code slot}, visible from cycle {@code visible}, to VC {@code iv}. Returns the flits it held before. */
    int push(int iv, int slot, int visible) {
        int x = iv << VC_SHIFT;
        int count = vc[x + COUNT];
        int cap = vc[x + CAPACITY];
        if (count >= cap) {
            throw InputBuffers.overflow(checks, iv, count, cap, slot);
        }
        int[] f = fifo;
        int b = iv * block;
        int arrivals = f[b];
        int w = b + 2 + (arrivals & (window - 1));
        if (count >= window && (int) checks.now() - f[w] < 0) {
            // the arrival leaving the window is still buffered: it must be visible already
            throw InputBuffers.windowTooSmall(checks, iv, f[w], window);
        }
        f[w] = visible;
        f[b] = arrivals + 1;
        int runs = f[b + 1];
        int t = vc[x + HEAD] + runs - 1;
        if (t >= runSlots) {
            t -= runSlots;
        }
        int e = b + 2 + window + (t << 1);
        if (runs > 0 && f[e] == slot) {
            f[e + 1]++;
        } else {
            if (runs == runSlots) {
                growRuns();
                f = fifo;
                b = iv * block;
                t = vc[x + HEAD] + runs - 1;
            }
            if (++t >= runSlots) {
                t -= runSlots;
            }
            e = b + 2 + window + (t << 1);
            f[e] = slot;
            f[e + 1] = 1;
            f[b + 1] = runs + 1;
        }
        vc[x + COUNT] = count + 1;
        return count;
    }

    /**
     * A VC holds more packets than its ring of runs: every ring doubles (at most to the largest
     * capacity), each VC's runs laid out from entry 0. Happens a few times a run at most.
     */
    private void growRuns() {
        int grown = Math.min(stride, runSlots * 2);
        int grownBlock = 2 + window + 2 * grown;
        int[] g = new int[Math.multiplyExact(totalVcs, grownBlock)];
        int[] f = fifo;
        for (int iv = 0; iv < totalVcs; iv++) {
            int b = iv * block;
            int nb = iv * grownBlock;
            System.arraycopy(f, b, g, nb, 2 + window);
            int x = iv << VC_SHIFT;
            for (int k = 0, h = vc[x + HEAD], runs = f[b + 1]; k < runs; k++) {
                int e = b + 2 + window + (((h + k) % runSlots) << 1);
                g[nb + 2 + window + (k << 1)] = f[e];
                g[nb + 2 + window + (k << 1) + 1] = f[e + 1];
            }
            vc[x + HEAD] = 0;
        }
        fifo = g;
        runSlots = grown;
        block = grownBlock;
    }

    /** Removes the front flit of VC {@code q}; returns the flits left, the next one (if any) the front. */
    int pop(int q) {
        int x = q << VC_SHIFT;
        int[] f = fifo;
        int b = q * block;
        int h = vc[x + HEAD];
        int e = b + 2 + window + (h << 1);
        int left = --f[e + 1];
        if (left == 0) {
            if (++h == runSlots) {
                h = 0;
            }
            vc[x + HEAD] = h;
            f[b + 1]--;
        }
        int remaining = --vc[x + COUNT];
        if (remaining > 0) {
            if (left == 0) {
                vc[x + FRONT_SLOT] = f[b + 2 + window + (h << 1)];
            }
            // the new front is the remaining-th newest flit; older than the window it is visible
            vc[x + FRONT_VIS] = remaining <= window ? f[b + 2 + ((f[b] - remaining) & (window - 1))]
                    : (int) checks.now();
        }
        return remaining;
    }

    /** Flits that have arrived in VC {@code iv} by cycle (low 32 bits) {@code nowLow}. */
    int visibleFlits(int iv, int nowLow) {
        int count = vc[(iv << VC_SHIFT) + COUNT];
        int b = iv * block;
        int arrivals = fifo[b];
        // flits still on the link are the newest ones, at the back of the FIFO, all in the window
        for (int k = 1, n = Math.min(count, window); k <= n && nowLow - fifo[b + 2 + ((arrivals - k) & (window - 1))] < 0; k++) {
            count--;
        }
        return count;
    }

    /** Packet slot of the flit at position {@code i} (0 = front) of VC {@code q}. */
    int flitSlot(int q, int i) {
        int b = q * block;
        for (int k = 0, h = vc[(q << VC_SHIFT) + HEAD], runs = fifo[b + 1]; k < runs; k++) {
            int e = b + 2 + window + (((h + k) % runSlots) << 1);
            if (i < fifo[e + 1]) {
                return fifo[e];
            }
            i -= fifo[e + 1];
        }
        throw new IndexOutOfBoundsException("flit " + i + " of queue " + q);
    }

    /** Cycle (low 32 bits) from which the flit at position {@code i} (0 = front) of VC {@code q} is visible. */
    int flitVisible(int q, int i) {
        int newer = vc[(q << VC_SHIFT) + COUNT] - i; // this flit and those behind it
        int b = q * block;
        return newer <= window ? fifo[b + 2 + ((fifo[b] - newer) & (window - 1))] : (int) checks.now();
    }

    /** Flits that have left VC {@code iv} since the start (wrapping). */
    int departures(int iv) {
        return fifo[iv * block] - vc[(iv << VC_SHIFT) + COUNT];
    }
}
