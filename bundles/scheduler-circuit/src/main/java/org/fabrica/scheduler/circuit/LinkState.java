package org.fabrica.scheduler.circuit;

import java.util.Arrays;
import org.fabrica.topology.TreeTopology;

/**
 * Availability of the switch-to-switch links of a tree (docs/studies/levelwise.md):
 * Ulink(h, tau)[i] and Dlink(h, tau)[i] are the upward and the downward direction of the link on
 * upper port i of SW(h, tau), for the levels h = 0 .. levels-2 that have upper ports. A set bit
 * means free. Bits are packed in long words, {@link #words} per switch, so a level's test of
 * "free upward at sigma and downward at delta" is a few AND operations.
 * <p>
 * Links between end nodes and leaf switches are not scheduled (the study reserves one upward and
 * one downward link at every level h < H only).
 */
final class LinkState {
    private final int levels;
    private final int[] upPorts;
    private final int[] offset;
    private final int words;
    private final long[] up;
    private final long[] down;

    /** All links of {@code tree} free. */
    LinkState(TreeTopology tree) {
        levels = Math.max(0, tree.levels() - 1);
        upPorts = new int[levels];
        offset = new int[levels + 1];
        int maxUp = 1;
        for (int h = 0; h < levels; h++) {
            upPorts[h] = tree.upPorts(h);
            maxUp = Math.max(maxUp, upPorts[h]);
        }
        words = (maxUp + 63) >>> 6;
        for (int h = 0; h < levels; h++) {
            offset[h + 1] = offset[h] + tree.switchesAt(h) * words;
        }
        up = new long[offset[levels]];
        down = new long[offset[levels]];
        for (int h = 0; h < levels; h++) {
            for (int tau = 0; tau < tree.switchesAt(h); tau++) {
                int base = offset[h] + tau * words;
                for (int p = 0; p < upPorts[h]; p++) {
                    up[base + (p >>> 6)] |= 1L << p;
                    down[base + (p >>> 6)] |= 1L << p;
                }
            }
        }
    }

    /** Levels with upper ports (l-1). */
    int levels() {
        return levels;
    }

    boolean upFree(int h, int tau, int port) {
        return (up[offset[h] + tau * words + (port >>> 6)] & (1L << port)) != 0;
    }

    boolean downFree(int h, int tau, int port) {
        return (down[offset[h] + tau * words + (port >>> 6)] & (1L << port)) != 0;
    }

    /** Reserves Ulink(h, tau)[port]. */
    void takeUp(int h, int tau, int port) {
        up[offset[h] + tau * words + (port >>> 6)] &= ~(1L << port);
    }

    /** Reserves Dlink(h, tau)[port]. */
    void takeDown(int h, int tau, int port) {
        down[offset[h] + tau * words + (port >>> 6)] &= ~(1L << port);
    }

    /** Frees Ulink(h, tau)[port]. */
    void releaseUp(int h, int tau, int port) {
        up[offset[h] + tau * words + (port >>> 6)] |= 1L << port;
    }

    /** Frees Dlink(h, tau)[port]. */
    void releaseDown(int h, int tau, int port) {
        down[offset[h] + tau * words + (port >>> 6)] |= 1L << port;
    }

    /**
     * The first upper port free on both Ulink(h, sigma) and Dlink(h, delta), or -1 (the level-wise
     * test "avail = Ulink AND Dlink").
     */
    int firstCommonFree(int h, int sigma, int delta) {
        int a = offset[h] + sigma * words;
        int b = offset[h] + delta * words;
        for (int i = 0; i < words; i++) {
            long avail = up[a + i] & down[b + i];
            if (avail != 0) {
                return (i << 6) + Long.numberOfTrailingZeros(avail);
            }
        }
        return -1;
    }

    /** The first free upper port of Ulink(h, tau), or -1. */
    int firstFreeUp(int h, int tau) {
        int a = offset[h] + tau * words;
        for (int i = 0; i < words; i++) {
            if (up[a + i] != 0) {
                return (i << 6) + Long.numberOfTrailingZeros(up[a + i]);
            }
        }
        return -1;
    }

    /** Number of free upper ports of Ulink(h, tau). */
    int freeUpCount(int h, int tau) {
        int a = offset[h] + tau * words;
        int n = 0;
        for (int i = 0; i < words; i++) {
            n += Long.bitCount(up[a + i]);
        }
        return n;
    }

    /** The n-th (0-based) free upper port of Ulink(h, tau), in port order; n < {@link #freeUpCount}. */
    int nthFreeUp(int h, int tau, int n) {
        int a = offset[h] + tau * words;
        for (int i = 0; i < words; i++) {
            long bits = up[a + i];
            int c = Long.bitCount(bits);
            if (n < c) {
                for (int k = 0; k < n; k++) {
                    bits &= bits - 1;
                }
                return (i << 6) + Long.numberOfTrailingZeros(bits);
            }
            n -= c;
        }
        throw new IllegalArgumentException("fewer than " + (n + 1) + " free upper ports");
    }

    /** Number of reserved links (both directions counted). */
    int reserved() {
        int free = 0;
        for (int i = 0; i < up.length; i++) {
            free += Long.bitCount(up[i]) + Long.bitCount(down[i]);
        }
        int total = 0;
        for (int h = 0; h < levels; h++) {
            total += 2 * ((offset[h + 1] - offset[h]) / words) * upPorts[h];
        }
        return total - free;
    }

    /** A copy of this state. */
    LinkState copy() {
        return new LinkState(this);
    }

    private LinkState(LinkState other) {
        levels = other.levels;
        upPorts = other.upPorts;
        offset = other.offset;
        words = other.words;
        up = other.up.clone();
        down = other.down.clone();
    }

    /** True when both states have the same free links. */
    boolean sameAs(LinkState other) {
        return Arrays.equals(up, other.up) && Arrays.equals(down, other.down);
    }
}
