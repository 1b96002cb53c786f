package org.fabrica.router.allocators;

import java.util.Arrays;
import org.fabrica.router.AllocationRequests;
import org.fabrica.router.Allocator;
import org.fabrica.router.AllocatorShape;
import org.fabrica.router.WeightedEntry;

/**
 * InfiniBand's VL arbitration (IBA 7.6.9) at every output, with weights in flits: each output
 * serves its VCs (the requests' {@link AllocationRequests#outputVc()}) by weighted round robin over
 * a high- and a low-priority table of {@code vc:weight} entries. The current entry's VC sends while
 * its weight lasts and it has a flit to send; then (or when it has none) the next entry with a flit
 * takes over with its full weight (a VC alone with a flit keeps its turn past its weight, the
 * overrun of an InfiniBand packet). High priority goes first; with a limit, once {@code highLimit}
 * high-priority flits have gone while a low-priority flit waited, one low-priority flit passes. A VC
 * in neither table (or only with weight 0) is never served.
 *
 * <p>One VC of an output is owned by one packet at a time, so an output has at most one request per
 * VC; the outputs choose in turn (the first one rotating per call), each skipping the requests of
 * inputs an earlier output granted, so the grants are a matching. The weights count flits. Where
 * outputs interleave flits an output may switch VC inside a packet; where they send whole packets
 * (the router description's {@code OutputInterleaving.PACKETS}) the network asks only for the
 * packet under way until its tail, which then overruns its entry's weight, as in InfiniBand.
 */
final class VlArbitration implements Allocator {
    /** A table: the VC and the weight of each entry, and the VCs with a positive weight. */
    record Table(int[] vc, int[] weight, long vcs) {
    }

    private final Table high;
    private final Table low;
    /** The VCs with a positive weight in either table: the only ones ever served. */
    private final long served;
    private final int highLimit;
    private final int[] outBase;
    /** Per output: the current entry and the flits it has left, per table; the high flits since a low one. */
    private final int[] highEntry;
    private final int[] highLeft;
    private final int[] lowEntry;
    private final int[] lowLeft;
    private final int[] highSent;
    /** Per router: the outputs' rotating first turn. */
    private final int[] turn;
    // scratch of one call
    private final long[] requested;
    private final int[] requestAt;
    private final int[] touched;
    private final int[] inputStamp;
    private int stamp;

    VlArbitration(AllocatorShape shape, Table high, Table low, int highLimit) {
        if (high.vc().length == 0 && low.vc().length == 0) {
            throw new IllegalArgumentException("vl-arbitration needs at least one table entry (vc:weight) in high or"
                    + " low, e.g. vl-arbitration with low = [0:4, 1:4]");
        }
        if (highLimit < -1) {
            throw new IllegalArgumentException("vl-arbitration: highLimit = " + highLimit
                    + "; use -1 (no limit) or >= 0");
        }
        this.high = high;
        this.low = low;
        this.served = high.vcs() | low.vcs();
        this.highLimit = highLimit;
        int routers = shape.routers();
        outBase = new int[routers + 1];
        for (int r = 0; r < routers; r++) {
            outBase[r + 1] = Math.addExact(outBase[r], shape.outputs(r));
        }
        int outputs = outBase[routers];
        highEntry = new int[outputs];
        highLeft = new int[outputs];
        lowEntry = new int[outputs];
        lowLeft = new int[outputs];
        highSent = new int[outputs];
        // before the first turn: the last entry, spent, so that the first turn is entry 0's
        Arrays.fill(highEntry, Math.max(0, high.vc().length - 1));
        Arrays.fill(lowEntry, Math.max(0, low.vc().length - 1));
        turn = new int[routers];
        int maxOut = shape.maxOutputs();
        requested = new long[maxOut];
        requestAt = new int[Math.multiplyExact(maxOut, Long.SIZE)];
        touched = new int[maxOut];
        inputStamp = new int[shape.maxInputs()];
    }

    /**
     * A table from its entries {@code vc:weight}, in order.
     *
     * @throws IllegalArgumentException naming the table and the entry that is not of that form
     */
    static Table table(String name, String[] given) {
        // an item may hold several entries apart by spaces, so that name(high=0:4 1:4) can write a table
        String[] entries = Arrays.stream(given).flatMap(g -> Arrays.stream(g.trim().split("\\s+")))
                .filter(e -> !e.isEmpty()).toArray(String[]::new);
        if (entries.length > 64) {
            throw new IllegalArgumentException("vl-arbitration: the " + name + " table has " + entries.length
                    + " entries; InfiniBand's tables hold at most 64");
        }
        int[] vc = new int[entries.length];
        int[] weight = new int[entries.length];
        long vcs = 0;
        for (int e = 0; e < entries.length; e++) {
            String t = entries[e].trim();
            try {
                WeightedEntry entry = WeightedEntry.parse(t);
                vc[e] = entry.vc();
                weight[e] = entry.weight();
            } catch (IllegalArgumentException x) {
                throw new IllegalArgumentException("vl-arbitration: entry " + e + " of the " + name + " table is '" + t
                        + "'; write vc:weight, e.g. 0:4 (VC 0 sends up to 4 flits per turn)");
            }
            if (vc[e] < 0 || vc[e] > 63 || weight[e] < 0) {
                throw new IllegalArgumentException("vl-arbitration: entry " + e + " of the " + name + " table is '" + t
                        + "'; the VC is 0 .. 63 and the weight >= 0");
            }
            if (weight[e] > 0) {
                vcs |= 1L << vc[e];
            }
        }
        return new Table(vc, weight, vcs);
    }

    @Override
    public boolean usesOutputVc() {
        return true;
    }

    @Override
    public int allocate(int router, int count, AllocationRequests requests, int[] grants) {
        int[] in = requests.input();
        int[] out = requests.output();
        int[] ovc = requests.outputVc();
        int nt = 0;
        for (int i = 0; i < count; i++) {
            int o = out[i];
            int c = ovc[i];
            if ((served & (1L << c)) == 0) {
                continue; // in no table: never sent
            }
            if (requested[o] == 0) {
                touched[nt++] = o;
            }
            requested[o] |= 1L << c;
            requestAt[(o << 6) + c] = i;
        }
        int s = ++stamp;
        if (s == Integer.MAX_VALUE) {
            Arrays.fill(inputStamp, 0);
            s = stamp = 1;
        }
        int n = 0;
        int first = nt == 0 ? 0 : Math.floorMod(turn[router]++, nt);
        for (int j = 0; j < nt; j++) {
            int o = touched[first + j < nt ? first + j : first + j - nt];
            long free = 0;
            for (long m = requested[o]; m != 0; m &= m - 1) {
                int c = Long.numberOfTrailingZeros(m);
                if (inputStamp[in[requestAt[(o << 6) + c]]] != s) {
                    free |= 1L << c;
                }
            }
            requested[o] = 0;
            if (free == 0) {
                continue;
            }
            int k = outBase[router] + o;
            long hi = free & high.vcs();
            long lo = free & low.vcs();
            int c;
            if (hi != 0 && (lo == 0 || highLimit < 0 || highSent[k] < highLimit)) {
                c = pick(high, highEntry, highLeft, k, hi);
                highSent[k]++;
            } else if (lo != 0) {
                c = pick(low, lowEntry, lowLeft, k, lo);
                highSent[k] = 0;
            } else {
                continue;
            }
            int i = requestAt[(o << 6) + c];
            inputStamp[in[i]] = s;
            grants[n++] = i;
        }
        return n;
    }

    /**
     * The VC the table serves at output {@code k} among {@code free} (not empty, within the table's
     * VCs): the current entry's while it has weight left and a flit, or while it is the only VC with
     * a flit (its weight may then go below 0, as an InfiniBand entry's does when a packet overruns
     * it: an output that sends whole packets asks only for the packet under way); else the next
     * entry's that has a flit, which starts with its full weight. One flit of the weight is spent.
     */
    private static int pick(Table t, int[] entry, int[] left, int k, long free) {
        int[] vc = t.vc();
        int[] weight = t.weight();
        int e = entry[k];
        long current = 1L << vc[e];
        if ((free & current) != 0 && (left[k] > 0 || free == current)) {
            left[k]--;
            return vc[e];
        }
        int len = vc.length;
        for (int step = 1; step <= len; step++) {
            int x = e + step < len ? e + step : e + step - len;
            if (weight[x] > 0 && (free & (1L << vc[x])) != 0) {
                entry[k] = x;
                left[k] = weight[x] - 1;
                return vc[x];
            }
        }
        throw new IllegalStateException("no entry of the table serves the VCs 0x" + Long.toHexString(free));
    }
}
