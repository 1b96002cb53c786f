package org.fabrica.traffic.synthetic;

import java.util.SplittableRandom;
import org.fabrica.traffic.TrafficPattern;

/**
 * Zipf traffic (docs/studies/osha-sasha.md, "Traffic"): source s sends each packet to its i-th
 * preferred destination with probability P_N(i) = i^(-s) / sum_{j=1..N} j^(-s). The rank i is
 * drawn by inversion from one shared table ({@link ZipfRankDistribution}); the i-th destination of
 * a source is the image of i - 1 under the source's own keyed permutation
 * ({@link FeistelPermutation}), so every source has its own random ranking without an N x N table.
 * Without {@code includeSelf} the ranking covers the N = nodes - 1 other nodes (image y maps to
 * node y, or y + 1 from the source on, as in {@code uniform}); with it, all N = nodes nodes, and a
 * packet drawn to its source is not sent. One draw of the source's stream per packet; no allocation.
 */
final class ZipfPattern implements TrafficPattern {
    private final ZipfRankDistribution ranks;
    private final FeistelPermutation permutation;
    /** Key of each source's ranking, drawn once per run. */
    private final long[] keys;
    private final boolean includeSelf;

    ZipfPattern(ZipfRankDistribution ranks, long[] keys, boolean includeSelf) {
        this.ranks = ranks;
        this.permutation = new FeistelPermutation(ranks.ranks());
        this.keys = keys;
        this.includeSelf = includeSelf;
    }

    @Override
    public int destination(int source, SplittableRandom random) {
        int d = destinationOfRank(source, ranks.rank(random.nextDouble()));
        return d == source ? NONE : d;
    }

    /** The {@code rank}-th (1..N) preferred destination of {@code source}; the source itself only with includeSelf. */
    int destinationOfRank(int source, int rank) {
        int y = permutation.apply(keys[source], rank - 1);
        if (includeSelf) {
            return y;
        }
        return y >= source ? y + 1 : y;
    }

    /** The law of the ranks. */
    ZipfRankDistribution ranks() {
        return ranks;
    }
}
