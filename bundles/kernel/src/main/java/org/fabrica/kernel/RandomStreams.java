package org.fabrica.kernel;

import java.util.SplittableRandom;

/**
 * Per-component random streams derived from a run seed. Every component draws from its own
 * stream, keyed by (seed, component kind, index), so results do not depend on the order in which
 * components are created or on the thread count.
 *
 * @param seed the run seed
 */
public record RandomStreams(long seed) {
    /** A new independent stream for component {@code index} of kind {@code kind}. */
    public SplittableRandom stream(String kind, long index) {
        long h = mix(seed ^ 0x9E3779B97F4A7C15L);
        for (int i = 0; i < kind.length(); i++) {
            h = mix(h ^ kind.charAt(i));
        }
        return new SplittableRandom(mix(h ^ mix(index + 0x632BE59BD9B4E019L)));
    }

    // SplitMix64 finaliser (Steele, Lea, Flood 2014)
    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
