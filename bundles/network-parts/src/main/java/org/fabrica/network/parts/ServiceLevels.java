package org.fabrica.network.parts;

import java.util.List;

/**
 * The router description's service-level table (InfiniBand's SL-to-VL table,
 * {@code RouterDescription.serviceLevels}), shared by the network models (the flit model and the
 * packet model must map alike): with one, a queuing scheme chooses service levels and
 * every mask it returns is mapped to the VCs of those levels where it is used, at each output (and
 * at injection); the queuing context's VC arguments are levels too. Without one the scheme's numbers
 * are VCs and nothing is mapped.
 */
public final class ServiceLevels {
    /** The numbers a queuing scheme chooses among: the levels, or the VCs without a table. */
    public final int count;
    /** The mask of every valid number. */
    public final long all;
    /** The VC of each level, or null without a table. */
    private final int[] vcOf;

    private ServiceLevels(int count, int[] vcOf) {
        this.count = count;
        this.all = count == 64 ? -1L : (1L << count) - 1;
        this.vcOf = vcOf;
    }

    /** The table of a description ({@code vcOfLevel} empty: none) for routers of {@code vcs} VCs. */
    public static ServiceLevels of(List<Integer> vcOfLevel, int vcs) {
        if (vcOfLevel.isEmpty()) {
            return new ServiceLevels(vcs, null);
        }
        int[] t = new int[vcOfLevel.size()];
        for (int l = 0; l < t.length; l++) {
            t[l] = vcOfLevel.get(l);
            if (t[l] < 0 || t[l] >= vcs) {
                throw new IllegalArgumentException("service-level table: level " + l + " maps to VC " + t[l]
                        + ", but the routers have VCs 0.." + (vcs - 1));
            }
        }
        return new ServiceLevels(t.length, t);
    }

    /** Whether the scheme chooses levels (a table is given). */
    public boolean mapped() {
        return vcOf != null;
    }

    /** The VCs of the levels in {@code mask} (within {@link #all}); the mask itself without a table. */
    public long vcs(long mask) {
        int[] t = vcOf;
        if (t == null) {
            return mask;
        }
        long out = 0;
        for (long m = mask; m != 0; m &= m - 1) {
            out |= 1L << t[Long.numberOfTrailingZeros(m)];
        }
        return out;
    }

    /** The VC of level (or, without a table, VC) {@code n}, 0 .. count-1. */
    public int vc(int n) {
        return vcOf == null ? n : vcOf[n];
    }

    /** What the scheme's numbers are, for messages: "the 16 service levels" or "the 4 VCs". */
    public String describe() {
        return "the " + count + (vcOf == null ? " VCs" : " service levels of the hardware's SL-to-VC table");
    }
}
