package org.fabrica.traffic.synthetic;

import java.util.SplittableRandom;
import org.fabrica.traffic.TrafficPattern;

/**
 * Hot-region traffic: every source sends a packet into the region [start, start + size) with
 * probability {@code fraction}, uniformly among the region's nodes other than itself, and otherwise
 * uniformly among the nodes outside the region other than itself. The region thus receives exactly
 * {@code fraction} of all packets (a source that would have to pick itself sends nothing for that
 * packet: a region of one node sending to itself, or the only outside node).
 */
final class HotRegionPattern implements TrafficPattern {
    private final int nodes;
    private final int start;
    private final int size;
    private final double fraction;

    HotRegionPattern(int nodes, int start, int size, double fraction) {
        this.nodes = nodes;
        this.start = start;
        this.size = size;
        this.fraction = fraction;
    }

    @Override
    public int destination(int source, SplittableRandom random) {
        boolean inside = source >= start && source < start + size;
        if (random.nextDouble() < fraction) {
            return pick(start, size, inside ? source : -1, random);
        }
        int outside = nodes - size;
        if (outside == 0) {
            return NONE;
        }
        // the outside nodes, numbered 0 .. outside - 1, skip the region
        int self = inside ? -1 : (source < start ? source : source - size);
        int d = pick(0, outside, self, random);
        return d == NONE || d < start ? d : d + size;
    }

    /** Uniform in [first, first + count) without {@code self} (-1: none excluded); NONE when nothing is left. */
    private static int pick(int first, int count, int self, SplittableRandom random) {
        if (self < 0) {
            return first + random.nextInt(count);
        }
        if (count == 1) {
            return NONE;
        }
        int d = first + random.nextInt(count - 1);
        return d >= self ? d + 1 : d;
    }
}
