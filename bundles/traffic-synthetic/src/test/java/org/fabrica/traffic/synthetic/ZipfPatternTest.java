package org.fabrica.traffic.synthetic;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.fabrica.params.ParameterException;
import org.fabrica.params.Parameters;
import org.fabrica.testing.GraphTopology;
import org.fabrica.topology.Topology;
import org.fabrica.topology.cube.KAryNCube;
import org.fabrica.traffic.TrafficPattern;
import org.junit.jupiter.api.Test;

class ZipfPatternTest {
    /** docs/studies/osha-sasha.md, "Traffic": P_64(1..10) in %, for s = 1, 2, 3. */
    private static final double[][] STUDY_TABLE = {
        {21.1, 10.5, 7.0, 5.3, 4.2, 3.5, 3.0, 2.6, 2.3, 2.1},
        {61.4, 15.3, 6.8, 3.8, 2.5, 1.7, 1.3, 1.0, 0.8, 0.6},
        {83.2, 10.4, 3.1, 1.3, 0.7, 0.4, 0.2, 0.2, 0.1, 0.1}};

    private static final KAryNCube T8 = new KAryNCube(8, 2, true); // 64 nodes

    static ZipfPattern zipf(Topology t, long seed, Map<String, Object> values) {
        return (ZipfPattern) new ZipfFactory().create(t, new SplittableRandom(seed),
                Parameters.bind(ZipfParameters.class, values));
    }

    /** The ranking of a source: entry i is its (i+1)-th preferred destination. */
    static int[] ranking(ZipfPattern p, int source) {
        int[] r = new int[p.ranks().ranks()];
        for (int i = 0; i < r.length; i++) {
            r[i] = p.destinationOfRank(source, i + 1);
        }
        return r;
    }

    @Test
    void probabilitiesMatchTheStudysTableForN64() {
        for (int s = 1; s <= 3; s++) {
            ZipfRankDistribution law = new ZipfRankDistribution(64, s);
            double total = 0;
            for (int i = 1; i <= 64; i++) {
                total += law.probability(i);
            }
            assertEquals(1.0, total, 1e-12, "s = " + s + ": the probabilities sum to 1");
            for (int i = 1; i <= 10; i++) {
                double percent = Math.round(law.probability(i) * 1000) / 10.0;
                assertEquals(STUDY_TABLE[s - 1][i - 1], percent, 1e-9, "s = " + s + ", rank " + i + ": "
                        + 100 * law.probability(i) + "%");
                // the closed form, independently of the table's cumulative sums
                double h = 0;
                for (int j = 1; j <= 64; j++) {
                    h += Math.pow(j, -s);
                }
                assertEquals(Math.pow(i, -s) / h, law.probability(i), 1e-12);
            }
        }
        // 63 ranks would not give the table (s = 1, rank 2: 10.6%): N counts the ranked destinations
        assertEquals(10.6, Math.round(new ZipfRankDistribution(63, 1).probability(2) * 1000) / 10.0, 1e-9);
    }

    @Test
    void theLawIsApacheCommonsMathsZipfDistribution() {
        // the law of a well-kept library (probability and cumulative probability), at the study's sizes
        for (int n : new int[] {64, 2303, 13823}) {
            for (double s : new double[] {0.5, 1, 2, 3}) {
                ZipfRankDistribution law = new ZipfRankDistribution(n, s);
                org.apache.commons.math3.distribution.ZipfDistribution reference =
                        new org.apache.commons.math3.distribution.ZipfDistribution(n, s);
                double cumulative = 0;
                for (int i = 1; i <= n; i++) {
                    cumulative += law.probability(i);
                    // the reference sums the normaliser again in every call: compare at ranks 1-10 and every 997th
                    if (i <= 10 || i % 997 == 0 || i == n) {
                        assertEquals(reference.probability(i), law.probability(i), 1e-12, "n " + n + ", s " + s
                                + ", i " + i);
                        assertEquals(reference.cumulativeProbability(i), cumulative, 1e-9);
                    }
                }
            }
        }
    }

    @Test
    void nCountsTheRankedDestinations() {
        assertEquals(63, zipf(T8, 1, Map.of()).ranks().ranks(), "by default the source is not ranked");
        assertEquals(64, zipf(T8, 1, Map.of("includeSelf", true)).ranks().ranks());
        assertEquals(64, zipf(GraphTopology.crossbar(65), 1, Map.of()).ranks().ranks());
        assertEquals(3.0, zipf(T8, 1, Map.of("s", 3.0)).ranks().exponent());
    }

    @Test
    void inversionFindsTheRankWhoseIntervalHoldsTheDraw() {
        ZipfRankDistribution law = new ZipfRankDistribution(5, 1); // H_5 = 137/60
        double p1 = 60.0 / 137;
        assertEquals(1, law.rank(0.0));
        assertEquals(1, law.rank(p1 - 1e-12));
        assertEquals(2, law.rank(p1 + 1e-12));
        assertEquals(5, law.rank(Math.nextDown(1.0)));
        ZipfRankDistribution steep = new ZipfRankDistribution(1000, 2000); // P(2) underflows to 0
        assertEquals(1, steep.rank(Math.nextDown(1.0)), "a rank of probability 0 is never drawn");
    }

    @Test
    void feistelIsAPermutationOfEverySize() {
        for (int size : new int[] {1, 2, 3, 5, 7, 10, 63, 64, 65, 100, 1000, 2303, 4096, 13823, 13824}) {
            FeistelPermutation f = new FeistelPermutation(size);
            for (long key : new long[] {0, 1, -1, 0x5EEDL, 123456789987654321L}) {
                boolean[] hit = new boolean[size];
                for (int x = 0; x < size; x++) {
                    int y = f.apply(key, x);
                    assertTrue(y >= 0 && y < size, "size " + size + ": " + x + " -> " + y);
                    assertFalse(hit[y], "size " + size + ", key " + key + ": " + y + " is the image of two values");
                    hit[y] = true;
                }
            }
        }
    }

    @Test
    void feistelMixesWell() {
        // over many keys, the image of 0 (a source's first destination) and the step from the image
        // of 0 to that of 1 are uniform over 0..99: chi-square with 99 degrees of freedom, whose
        // 99.9% quantile is 148.2
        int size = 100;
        int keys = 200_000;
        FeistelPermutation f = new FeistelPermutation(size);
        long[] first = new long[size];
        long[] step = new long[size];
        SplittableRandom r = new SplittableRandom(3);
        for (int k = 0; k < keys; k++) {
            long key = r.nextLong();
            int y0 = f.apply(key, 0);
            first[y0]++;
            step[Math.floorMod(f.apply(key, 1) - y0, size)]++;
        }
        assertEquals(0, step[0], "a permutation never maps 0 and 1 to the same value");
        assertTrue(chiSquare(first, 0, keys / (double) size) < 148.2, "first: " + chiSquare(first, 0, keys / 100.0));
        assertTrue(chiSquare(step, 1, keys / (double) (size - 1)) < 148.2, "step: " + Arrays.toString(step));
        // consecutive keys (as sources' keys could be) give unrelated permutations
        int same = 0;
        for (long key = 0; key < 1000; key++) {
            if (f.apply(key, 0) == f.apply(key + 1, 0)) {
                same++;
            }
        }
        assertTrue(same < 30, "about 10 of 1000 consecutive keys share a first image by chance, not " + same);
    }

    private static double chiSquare(long[] counts, int from, double expected) {
        double x = 0;
        for (int i = from; i < counts.length; i++) {
            x += (counts[i] - expected) * (counts[i] - expected) / expected;
        }
        return x;
    }

    @Test
    void everySourceHasItsOwnRankingOfTheOthers() {
        ZipfPattern p = zipf(T8, 7, Map.of());
        Set<String> rankings = new HashSet<>();
        Set<Integer> favourites = new HashSet<>();
        for (int s = 0; s < 64; s++) {
            int[] r = ranking(p, s);
            int[] sorted = r.clone();
            Arrays.sort(sorted);
            int[] others = new int[63];
            for (int i = 0, d = 0; d < 64; d++) {
                if (d != s) {
                    others[i++] = d;
                }
            }
            assertArrayEquals(others, sorted, "source " + s + " ranks every other node once, itself never");
            rankings.add(Arrays.toString(r));
            favourites.add(r[0]);
        }
        assertEquals(64, rankings.size(), "64 sources, 64 different rankings");
        // 64 independent uniform favourites take about 64 (1 - (63/64)^64) = 40.7 distinct values
        assertTrue(favourites.size() >= 30, "favourite destinations spread over the nodes: " + favourites.size());
        ZipfPattern self = zipf(T8, 7, Map.of("includeSelf", true));
        int[] sorted = ranking(self, 5);
        Arrays.sort(sorted);
        for (int d = 0; d < 64; d++) {
            assertEquals(d, sorted[d], "includeSelf ranks all 64 nodes");
        }
    }

    @Test
    void rankingsAreDeterministicPerSeed() {
        ZipfPattern a = zipf(T8, 42, Map.of("s", 2.0));
        ZipfPattern b = zipf(T8, 42, Map.of("s", 2.0));
        ZipfPattern c = zipf(T8, 43, Map.of("s", 2.0));
        int differ = 0;
        for (int s = 0; s < 64; s++) {
            assertArrayEquals(ranking(a, s), ranking(b, s), "same seed, same ranking of source " + s);
            if (!Arrays.equals(ranking(a, s), ranking(c, s))) {
                differ++;
            }
        }
        assertEquals(64, differ, "another seed ranks every source differently");
        SplittableRandom ra = new SplittableRandom(9);
        SplittableRandom rb = new SplittableRandom(9);
        for (int i = 0; i < 1000; i++) {
            assertEquals(a.destination(i % 64, ra), b.destination(i % 64, rb), "same streams, same destinations");
        }
    }

    @Test
    void empiricalRankFrequenciesFollowTheLaw() {
        // 65 nodes: every source ranks the N = 64 others, the table's N; 4,000,000 packets per exponent
        // from all sources, each packet counted at the rank its destination has for its source.
        // Tolerance: 4 standard deviations of the binomial frequency (at most 0.1 percentage point),
        // and within 1% of the formula (relative) for the ranks of probability >= 2%.
        Topology t = GraphTopology.crossbar(65);
        int draws = 4_000_000;
        for (int s = 1; s <= 3; s++) {
            ZipfPattern p = zipf(t, 100 + s, Map.of("s", (double) s));
            int[][] rankOf = new int[65][65];
            for (int src = 0; src < 65; src++) {
                int[] r = ranking(p, src);
                for (int i = 0; i < r.length; i++) {
                    rankOf[src][r[i]] = i + 1;
                }
            }
            long[] count = new long[65]; // count[0]: packets a source sent to itself (none)
            SplittableRandom random = new SplittableRandom(s);
            for (int k = 0; k < draws; k++) {
                int src = k % 65;
                count[rankOf[src][p.destination(src, random)]]++;
            }
            assertEquals(0, count[0], "no source sends to itself");
            for (int i = 1; i <= 10; i++) {
                double expected = p.ranks().probability(i);
                double f = count[i] / (double) draws;
                double sigma = Math.sqrt(expected * (1 - expected) / draws);
                assertTrue(Math.abs(f - expected) <= 4 * sigma, "s = " + s + ", rank " + i + ": " + f + " drawn, "
                        + expected + " expected");
                if (expected >= 0.02) {
                    assertTrue(Math.abs(f - expected) <= 0.01 * expected, "s = " + s + ", rank " + i + ": " + f
                            + " is not within 1% of " + expected);
                }
            }
        }
    }

    @Test
    void includeSelfSendsNothingWhenTheSourceDrawsItself() {
        ZipfPattern p = zipf(T8, 5, Map.of("s", 1.0, "includeSelf", true));
        int source = 17;
        int selfRank = 0;
        int[] r = ranking(p, source);
        for (int i = 0; i < r.length; i++) {
            if (r[i] == source) {
                selfRank = i + 1;
            }
        }
        int draws = 400_000;
        int none = 0;
        SplittableRandom random = new SplittableRandom(1);
        for (int k = 0; k < draws; k++) {
            int d = p.destination(source, random);
            if (d == TrafficPattern.NONE) {
                none++;
            } else {
                assertNotEquals(source, d);
            }
        }
        double expected = p.ranks().probability(selfRank);
        double sigma = Math.sqrt(expected * (1 - expected) / draws);
        assertTrue(Math.abs(none / (double) draws - expected) <= 4 * sigma, "self at rank " + selfRank + ": " + none
                + " packets not sent of " + draws + ", expected P = " + expected);
    }

    @Test
    void scalesTo13824NodesWithoutATable() {
        KAryNCube torus = new KAryNCube(24, 3, true); // 13,824 nodes, the study's config 2 and 4 size
        ZipfPattern p = zipf(torus, 1, Map.of("s", 3.0));
        assertEquals(13_823, p.ranks().ranks());
        int source = 13_000;
        boolean[] hit = new boolean[13_824];
        for (int i = 1; i <= 13_823; i++) {
            int d = p.destinationOfRank(source, i);
            assertNotEquals(source, d);
            assertFalse(hit[d], "destination " + d + " ranked twice");
            hit[d] = true;
        }
        // the hot path allocates nothing: 200,000 draws, not even one object per thousand draws
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        SplittableRandom random = new SplittableRandom(2);
        long sum = 0;
        for (int k = 0; k < 10_000; k++) { // warm up (class loading, compilation)
            sum += p.destination(k % 13_824, random);
        }
        long before = mx.getCurrentThreadAllocatedBytes();
        for (int k = 0; k < 200_000; k++) {
            sum += p.destination(k % 13_824, random);
        }
        long allocated = mx.getCurrentThreadAllocatedBytes() - before;
        assertTrue(allocated < 4096, allocated + " bytes allocated by 200,000 draws (sum " + sum + ")");
    }

    @Test
    void refusesAnExponentThatIsNotPositive() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> zipf(T8, 1, Map.of("s", 0.0)));
        assertTrue(e.getMessage().contains("s = 0.0") && e.getMessage().contains("s > 0"), e.getMessage());
        assertThrows(ParameterException.class, () -> Parameters.bind(ZipfParameters.class, Map.of("s", -1.0)));
        IllegalArgumentException one = assertThrows(IllegalArgumentException.class,
                () -> zipf(GraphTopology.crossbar(1), 1, Map.of()));
        assertTrue(one.getMessage().contains("at least 2 nodes"), one.getMessage());
    }
}
