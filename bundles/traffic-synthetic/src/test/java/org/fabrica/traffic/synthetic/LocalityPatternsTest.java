package org.fabrica.traffic.synthetic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.IntToDoubleFunction;
import org.apache.commons.math3.stat.inference.ChiSquareTest;
import org.fabrica.params.Parameters;
import org.fabrica.topology.Topology;
import org.fabrica.topology.cube.KAryNCube;
import org.fabrica.traffic.TrafficPattern;
import org.junit.jupiter.api.Test;

/**
 * {@code hot-region} and {@code sphere}: the destination frequencies of many draws against the
 * probabilities their definitions give (a chi-square goodness-of-fit test per source).
 */
class LocalityPatternsTest {
    private static final KAryNCube T8 = new KAryNCube(8, 2, true); // 64 nodes, one per router
    private static final int DRAWS = 200_000;

    private static TrafficPattern hotRegion(Map<String, Object> values) {
        return new HotRegionFactory().create(T8, new SplittableRandom(1), Parameters.bind(HotRegionParameters.class,
                values));
    }

    private static SpherePattern sphere(Topology t, int radius, double fraction) {
        return (SpherePattern) new SphereFactory().create(t, new SplittableRandom(1), Parameters.bind(
                SphereParameters.class, Map.of("radius", radius, "fraction", fraction)));
    }

    /** Draws from {@code source} and checks the counts against {@code probability}: zero where it is 0. */
    private static void matches(TrafficPattern p, int source, IntToDoubleFunction probability) {
        SplittableRandom random = new SplittableRandom(17 + source);
        long[] counts = new long[T8.nodes()];
        for (int i = 0; i < DRAWS; i++) {
            counts[p.destination(source, random)]++;
        }
        double total = 0;
        int possible = 0;
        for (int d = 0; d < counts.length; d++) {
            double q = probability.applyAsDouble(d);
            total += q;
            if (q == 0) {
                assertEquals(0, counts[d], "source " + source + " never sends to " + d);
            } else {
                possible++;
            }
        }
        assertEquals(1.0, total, 1e-9, "the definition's probabilities sum to 1");
        double[] expected = new double[possible];
        long[] observed = new long[possible];
        int k = 0;
        for (int d = 0; d < counts.length; d++) {
            double q = probability.applyAsDouble(d);
            if (q > 0) {
                expected[k] = q * DRAWS;
                observed[k++] = counts[d];
            }
        }
        double pValue = new ChiSquareTest().chiSquareTest(expected, observed);
        assertTrue(pValue > 1e-4, "source " + source + ": the counts do not fit the definition, p = " + pValue + ", "
                + Arrays.toString(counts));
    }

    @Test
    void hotRegionSendsItsFractionIntoTheRegionAndTheRestOutside() {
        TrafficPattern p = hotRegion(Map.of("fraction", 0.3, "regionNodes", 8, "regionStart", 8));
        // from outside the region: 0.3 over its 8 nodes, 0.7 over the 55 other outside nodes
        matches(p, 0, d -> d == 0 ? 0 : d >= 8 && d < 16 ? 0.3 / 8 : 0.7 / 55);
        // from inside: 0.3 over the 7 other region nodes, 0.7 over the 56 outside nodes
        matches(p, 11, d -> d == 11 ? 0 : d >= 8 && d < 16 ? 0.3 / 7 : 0.7 / 56);
    }

    @Test
    void hotRegionParametersAreChecked() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> hotRegion(Map.of("regionNodes", 8, "regionStart", 60)));
        assertTrue(e.getMessage().contains("the region 60 .. 67 is not within the nodes 0..63"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> hotRegion(Map.of("regionNodes", 64)));
        assertTrue(e.getMessage().contains("nothing is outside it"), e.getMessage());
    }

    @Test
    void aSphereOfRadiusOneOnATorusIsTheFourNeighbours() {
        SpherePattern p = sphere(T8, 1, 0.8);
        assertEquals(5, p.sphereSize(0));
        // node 0 = (0,0): neighbours 1, 7, 8, 56
        matches(p, 0, d -> d == 0 ? 0 : d == 1 || d == 7 || d == 8 || d == 56 ? 0.8 / 4 : 0.2 / 59);
    }

    @Test
    void aSphereLargerThanHalfTheNodesIsDrawnByRejectionWithTheSameLaw() {
        SpherePattern p = sphere(T8, 4, 0.8);
        // on a ring of 8, one node at distance 0 and 4, two at 1, 2, 3: 1 + 4 + 8 + 12 + 14 within 4 hops
        assertEquals(39, p.sphereSize(27));
        matches(p, 27, d -> d == 27 ? 0 : hops(27, d) <= 4 ? 0.8 / 38 : 0.2 / 25);
    }

    /** Hops between two nodes of the 8 x 8 torus, node x + 8y. */
    private static int hops(int a, int b) {
        int dx = Math.abs(a % 8 - b % 8);
        int dy = Math.abs(a / 8 - b / 8);
        return Math.min(dx, 8 - dx) + Math.min(dy, 8 - dy);
    }

    @Test
    void emptyAndFullSpheresSendToTheSideThatHasNodes() {
        matches(sphere(T8, 0, 0.8), 5, d -> d == 5 ? 0 : 1.0 / 63);
        matches(sphere(T8, 8, 0.5), 5, d -> d == 5 ? 0 : 1.0 / 63);
    }
}
