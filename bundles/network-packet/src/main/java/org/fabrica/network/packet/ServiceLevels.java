package org.fabrica.network.packet;

import java.util.List;

/**
 * The router description's service-level table (InfiniBand's SL-to-VL table,
 * {@code RouterDescription.serviceLevels}), as the flit model applies it: with one, the queuing
 * scheme chooses service levels, every mask it returns is mapped to the VCs of those levels (at
 * each output and at injection), and the queuing context's VC arguments are levels too. Without
 * one the scheme's numbers are VCs and nothing is mapped.
 */
final class ServiceLevels {
    /** The numbers a queuing scheme chooses among: the levels, or the VCs without a table. */
    final int count;
    /** The mask of every valid number. */
    final long all;
    /** The VC of each level, or null without a table. */
    private final int[] vcOf;

    private ServiceLevels(int count, int[] vcOf) {
        this.count = count;
        this.all = count == 64 ? -1L : (1L << count) - 1;
        this.vcOf = vcOf;
    }

    /** The table of a description ({@code vcOfLevel} empty: none) for routers of {@code vcs} VCs. */
    static ServiceLevels of(List<Integer> vcOfLevel, int vcs) {
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

    /** The VCs of the levels in {@code mask} (within {@link #all}); the mask itself without a table. */
    long vcs(long mask) {
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
    int vc(int n) {
        return vcOf == null ? n : vcOf[n];
    }

    /** What the scheme's numbers are, for messages: "the 16 service levels ..." or "VCs 0..3". */
    String describe() {
        return vcOf == null ? "VCs 0.." + (count - 1)
                : "the " + count + " service levels of the hardware's SL-to-VC table (0.." + (count - 1) + ")";
    }
}
