package org.fabrica.network.flit;

import static org.fabrica.network.flit.InputBuffers.CAPACITY;
import static org.fabrica.network.flit.InputBuffers.COUNT;
import static org.fabrica.network.flit.InputBuffers.FRONT_SLOT;
import static org.fabrica.network.flit.InputBuffers.FRONT_VIS;
import static org.fabrica.network.flit.InputBuffers.HEAD;
import static org.fabrica.network.flit.InputBuffers.VC_SHIFT;

/**
 * FIFO input buffers of one slot per flit, for small VCs (the largest at most
 * {@link InputBuffers#SLOT_FIFO_MAX} flits): one block of {@code 1 + 2 * stride} ints per VC in
 * {@link #fifo}, {@code fifo[b]} the flits that ever arrived, then per slot the flit's packet and
 * arrival cycle, the front at the queue record's {@link InputBuffers#HEAD}. Push and pop are
 * shorter than {@link RunFifoBuffers}': 6-8% more router-cycles per second on the bench tori (8-
 * and 16-flit VCs; see docs/architecture.md, section 10), for 1.7 and 2.75 times the runs' bytes
 * there (17 against 10, 33 against 12 ints per VC).
 */
final class SlotFifoBuffers {
    /** The queue records (one per VC), whose count, head, capacity and front copy this layout keeps. */
    private final int[] vc;
    final int[] fifo;
    /** Ints per VC in {@link #fifo}. */
    final int block;
    private InvariantChecks checks;

    SlotFifoBuffers(int[] records, int totalVcs, int stride) {
        this.vc = records;
        this.block = 1 + 2 * stride;
        this.fifo = new int[Math.multiplyExact(totalVcs, block)];
    }

    void wire(InvariantChecks invariantChecks) {
        this.checks = invariantChecks;
    }

    /** Appends a flit of packet {@code slot}, visible from cycle {@code visible}, to VC {@code iv}: the slot after its last. Returns the flits it held before. */
    int push(int iv, int slot, int visible) {
        int x = iv << VC_SHIFT;
        int count = vc[x + COUNT];
        int cap = vc[x + CAPACITY];
        if (count >= cap) {
            throw InputBuffers.overflow(checks, iv, count, cap, slot);
        }
        int pos = vc[x + HEAD] + count;
        if (pos >= cap) {
            pos -= cap;
        }
        int[] f = fifo;
        int b = iv * block;
        f[b]++;
        int e = b + 1 + (pos << 1);
        f[e] = slot;
        f[e + 1] = visible;
        vc[x + COUNT] = count + 1;
        return count;
    }

    /** Removes the front flit of VC {@code q}; returns the flits left, the next one (if any) the front. */
    int pop(int q) {
        int x = q << VC_SHIFT;
        int h = vc[x + HEAD] + 1;
        if (h == vc[x + CAPACITY]) {
            h = 0;
        }
        vc[x + HEAD] = h;
        int remaining = --vc[x + COUNT];
        if (remaining > 0) {
            int e = q * block + 1 + (h << 1);
            vc[x + FRONT_SLOT] = fifo[e];
            vc[x + FRONT_VIS] = fifo[e + 1];
        }
        return remaining;
    }

    /** Flits that have arrived in VC {@code iv} by cycle (low 32 bits) {@code nowLow}. */
    int visibleFlits(int iv, int nowLow) {
        int count = vc[(iv << VC_SHIFT) + COUNT];
        // flits still on the link are the newest ones, at the back of the FIFO
        for (int i = count - 1; i >= 0 && nowLow - fifo[slotEntry(iv, i) + 1] < 0; i--) {
            count--;
        }
        return count;
    }

    /** Packet slot of the flit at position {@code i} (0 = front) of VC {@code q}. */
    int flitSlot(int q, int i) {
        return fifo[slotEntry(q, i)];
    }

    /** Cycle (low 32 bits) from which the flit at position {@code i} (0 = front) of VC {@code q} is visible. */
    int flitVisible(int q, int i) {
        return fifo[slotEntry(q, i) + 1];
    }

    /** Flits that have left VC {@code iv} since the start (wrapping). */
    int departures(int iv) {
        return fifo[iv * block] - vc[(iv << VC_SHIFT) + COUNT];
    }

    /** The index in {@link #fifo} of the flit at position {@code i} (0 = front) of VC {@code iv}. */
    private int slotEntry(int iv, int i) {
        int x = iv << VC_SHIFT;
        int pos = (vc[x + HEAD] + i) % vc[x + CAPACITY];
        return iv * block + 1 + (pos << 1);
    }
}
