package org.fabrica.traffic.synthetic;

/**
 * The Zipf law over ranks 1..n, P_n(i) = i^(-s) / sum_{j=1..n} j^(-s) (docs/studies/osha-sasha.md,
 * "Traffic"), sampled by inversion: one table of the n cumulative probabilities, shared by every
 * source, and a binary search for the first rank whose cumulative probability exceeds a uniform
 * draw in [0, 1). Memory n doubles (110 KB for 13,824 nodes); a draw costs log2(n) comparisons and
 * allocates nothing.
 */
final class ZipfRankDistribution {
    private final double exponent;
    private final double[] cumulative;

    /**
     * @param ranks n >= 1
     * @param exponent s > 0, finite
     */
    ZipfRankDistribution(int ranks, double exponent) {
        if (ranks < 1) {
            throw new IllegalArgumentException("a Zipf law needs at least one rank, not " + ranks);
        }
        if (!(exponent > 0) || Double.isInfinite(exponent)) {
            throw new IllegalArgumentException("Zipf exponent s = " + exponent + "; use a finite s > 0");
        }
        this.exponent = exponent;
        double[] weight = new double[ranks];
        for (int i = 0; i < ranks; i++) {
            weight[i] = Math.pow(i + 1, -exponent);
        }
        double total = 0;
        for (int i = ranks - 1; i >= 0; i--) { // smallest terms first: the normaliser loses nothing
            total += weight[i];
        }
        cumulative = new double[ranks];
        double sum = 0;
        for (int i = 0; i < ranks; i++) {
            sum += weight[i];
            cumulative[i] = sum / total;
        }
        cumulative[ranks - 1] = 1.0; // every draw u < 1 finds a rank, whatever the rounding
    }

    /** Number of ranks n. */
    int ranks() {
        return cumulative.length;
    }

    /** The exponent s. */
    double exponent() {
        return exponent;
    }

    /** P_n(rank), rank 1..n. */
    double probability(int rank) {
        int i = rank - 1;
        return i == 0 ? cumulative[0] : cumulative[i] - cumulative[i - 1];
    }

    /**
     * The rank (1..n) of a uniform draw {@code u} in [0, 1): the smallest i with
     * F(i) = P(1) + ... + P(i) > u, so rank i is drawn with probability F(i) - F(i - 1) = P_n(i).
     */
    int rank(double u) {
        double[] c = cumulative;
        int lo = 0;
        int hi = c.length - 1;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (u < c[mid]) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        return lo + 1;
    }
}
