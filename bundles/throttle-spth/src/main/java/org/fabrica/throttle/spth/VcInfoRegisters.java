package org.fabrica.throttle.spth;

import java.util.Arrays;
import org.fabrica.throttle.ThrottleContext;
import org.fabrica.topology.CartesianTopology;

/**
 * The VCinfo registers of a whole network (docs/studies/spth.md, "VCinfo: how congestion state
 * propagates"): for every router,
 * output port and VC an L-bit register whose bit 0 is the busy state of the input buffer that
 * output feeds, and whose bit j is the state of the buffer j+1 hops further along the same
 * dimension and direction, seen j cycles late.
 *
 * <p>One {@link #propagate()} is one cycle of ideal propagation. Every router s sends to its
 * upstream neighbour r (the router whose straight-through output feeds s) its own register for
 * that straight-through output shifted left by one, with the state of its own input buffer in
 * bit 0; r keeps the lowest L bits:
 * {@code next(r, p, v) = (busy(s.in[q][v]) | cur(s, p, v) << 1) & mask}, where s is the
 * neighbour on port p and q the port it arrives on. On a k-ary n-cube the straight-through
 * output at s has the same port number p (same dimension and direction). Every next value is
 * computed from the current ones before any is written, so the result does not depend on the
 * order in which routers are visited.
 *
 * <p>Incremental update (same bits as recomputing every register every cycle): a register's next
 * value can differ from its current one only if the busy state it samples changed since the last
 * cycle or its downstream register changed in the last cycle (both inputs of the formula above
 * are otherwise the same as one cycle ago). So each cycle the buffer states are read in bulk
 * ({@link ThrottleContext#inputFreeFlitsAtMost(int, boolean[])}), the registers whose sample flipped are
 * recomputed, together with the upstream neighbours of the registers that changed last cycle;
 * a change thus travels upstream one hop per cycle and dies out after at most L hops (or as soon
 * as a register stops changing). In a quiet network nothing but the bulk sample is done.
 *
 * <p>Terminal and unused ports have no register chain: their registers stay 0, so a packet
 * whose first hop is an ejection is never held back (the ejection buffer is not part of the
 * ring whose congestion the throttle relieves).
 *
 * <p>A topology other than a k-ary n-cube would need, for every (router, output port), the
 * output at the downstream router that continues in the same direction (e.g. from a routing
 * look-ahead); that map is the only Cartesian assumption here.
 */
final class VcInfoRegisters {
    private final ThrottleContext context;
    private final int vcs;
    private final int length;
    private final long mask;
    private final int margin;
    private final boolean credits;

    /** First register index of router r's port 0 divided by vcs, i.e. the router's first global port. */
    private final int[] portBase;

    /** Register values; the extra last slot is a constant 0 for chains that end. */
    private final long[] value;

    // One wire per register that has a downstream buffer: where it lives, whose register it
    // shifts in, and which buffer's state it samples (index into the bulk sample array).
    private final int wires;
    private final int[] wireRegister;
    private final int[] wireDownstream;
    private final int[] wireSample;
    /** The wire that samples buffer i (index as in the bulk sample array), or -1 (terminal ports). */
    private final int[] wireOfSample;
    /** Wires that shift in register i (the upstream neighbours of i): a list through {@link #nextUpstream}. */
    private final int[] firstUpstream;
    private final int[] nextUpstream;

    /**
     * Busy state (free flits at most the margin) of every buffer, filled in bulk by the context
     * each cycle, and the one of the cycle before (all ready before the first cycle, matching the
     * all-zero registers); swapped every cycle.
     */
    private boolean[] bufferBusy;
    private boolean[] bufferBusyBefore;

    // Work lists (no allocation per cycle): wires to recompute this cycle, their new values, a
    // membership mark, and the registers that changed in the last cycle.
    private final int[] dirty;
    private final long[] dirtyValue;
    private final boolean[] queued;
    private final int[] changed;
    private int changedCount;

    VcInfoRegisters(ThrottleContext context, CartesianTopology topology, int length, int margin, boolean credits) {
        this.context = context;
        this.vcs = context.vcs();
        this.length = length;
        this.mask = length >= 64 ? -1L : (1L << length) - 1;
        this.margin = margin;
        this.credits = credits;
        int routers = topology.routers();
        portBase = new int[routers + 1];
        for (int r = 0; r < routers; r++) {
            portBase[r + 1] = portBase[r] + topology.ports(r);
        }
        int registers = portBase[routers] * vcs;
        value = new long[registers + 1];
        bufferBusy = new boolean[registers];
        bufferBusyBefore = new boolean[registers];

        int networkPorts = 2 * topology.dimensions();
        int count = 0;
        for (int r = 0; r < routers; r++) {
            for (int p = 0; p < networkPorts && p < topology.ports(r); p++) {
                if (topology.neighbor(r, p) >= 0) {
                    count++;
                }
            }
        }
        wires = count * vcs;
        wireRegister = new int[wires];
        wireDownstream = new int[wires];
        wireSample = new int[wires];
        nextUpstream = new int[wires];
        firstUpstream = new int[registers + 1];
        Arrays.fill(firstUpstream, -1);
        dirty = new int[wires];
        dirtyValue = new long[wires];
        queued = new boolean[wires];
        changed = new int[wires];
        // Wires are numbered in the order of the buffer they sample (global port, then VC), the
        // order of the bulk sample array, so a cycle's work list is built in memory order.
        int[] builtWireOf = new int[registers]; // wire numbers in construction order
        Arrays.fill(builtWireOf, -1);
        wireOfSample = new int[registers];
        Arrays.fill(wireOfSample, -1);
        int[] register = new int[wires];
        int[] downstream = new int[wires];
        int w = 0;
        for (int r = 0; r < routers; r++) {
            for (int p = 0; p < networkPorts && p < topology.ports(r); p++) {
                int s = topology.neighbor(r, p);
                if (s < 0) {
                    continue;
                }
                int q = topology.neighborPort(r, p);
                // straight through on a k-ary n-cube: the same port number at the downstream router
                boolean chainGoesOn = p < topology.ports(s) && topology.neighbor(s, p) >= 0;
                for (int v = 0; v < vcs; v++) {
                    register[w] = index(r, p, v);
                    downstream[w] = chainGoesOn ? index(s, p, v) : registers;
                    builtWireOf[credits ? index(r, p, v) : index(s, q, v)] = w;
                    w++;
                }
            }
        }
        int placed = 0;
        for (int i = 0; i < registers; i++) {
            int from = builtWireOf[i];
            if (from < 0) {
                continue;
            }
            wireRegister[placed] = register[from];
            wireDownstream[placed] = downstream[from];
            wireSample[placed] = i;
            wireOfSample[i] = placed;
            if (downstream[from] < registers) { // the constant-0 slot never changes: no list for it
                nextUpstream[placed] = firstUpstream[downstream[from]];
                firstUpstream[downstream[from]] = placed;
            }
            placed++;
        }
    }

    /** Register length L in bits. */
    int length() {
        return length;
    }

    /** One cycle of propagation: samples every buffer's busy state now and shifts the chains by one hop. */
    void propagate() {
        boolean[] sampled = bufferBusy;
        // busy when free space is at most the margin (th(margin))
        if (credits) {
            context.freeFlitsAtMost(margin, sampled);
        } else {
            context.inputFreeFlitsAtMost(margin, sampled);
        }
        int[] work = dirty;
        boolean[] inWork = queued;
        boolean[] before = bufferBusyBefore;
        int[] wireOf = wireOfSample;
        int n = 0;
        // registers whose own sample (bit 0) flipped; few buffers flip per cycle, and the
        // (vectorised) mismatch search skips the unchanged ones in bulk
        for (int i = 0, end = sampled.length; ; i++) {
            int d = Arrays.mismatch(sampled, i, end, before, i, end);
            if (d < 0) {
                break;
            }
            i += d;
            int w = wireOf[i];
            if (w >= 0) {
                inWork[w] = true;
                work[n++] = w;
            }
        }
        bufferBusyBefore = sampled;
        bufferBusy = before;
        // registers whose downstream register changed in the last cycle
        int[] up = firstUpstream;
        int[] upNext = nextUpstream;
        int[] moved = changed;
        for (int i = 0; i < changedCount; i++) {
            for (int w = up[moved[i]]; w >= 0; w = upNext[w]) {
                if (!inWork[w]) {
                    inWork[w] = true;
                    work[n++] = w;
                }
            }
        }
        // every next value from the current ones, then write them
        long[] val = value;
        long[] next = dirtyValue;
        int[] down = wireDownstream;
        int[] sample = wireSample;
        long msk = mask;
        for (int i = 0; i < n; i++) {
            int w = work[i];
            next[i] = ((sampled[sample[w]] ? 1L : 0L) | val[down[w]] << 1) & msk;
        }
        int[] reg = wireRegister;
        int c = 0;
        for (int i = 0; i < n; i++) {
            int w = work[i];
            inWork[w] = false;
            int r = reg[w];
            if (val[r] != next[i]) {
                val[r] = next[i];
                moved[c++] = r;
            }
        }
        changedCount = c;
    }

    /** The register of (router, output port, VC), already masked to L bits. */
    long register(int router, int outPort, int vc) {
        return value[index(router, outPort, vc)];
    }

    private int index(int router, int port, int vc) {
        return (portBase[router] + port) * vcs + vc;
    }
}
