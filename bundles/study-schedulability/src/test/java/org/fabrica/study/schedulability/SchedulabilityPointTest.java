package org.fabrica.study.schedulability;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The mode's own arithmetic, without the runner: the permutations a point draws, the quantiles of
 * its timed passes, the timing's ranges. The mode runs end to end in the runner's tests
 * (SchedulabilityModeTest, in this package there) and in the golden results.
 */
class SchedulabilityPointTest {
    @Test
    void quantilesInterpolateBetweenRanks() {
        double[] v = {1, 2, 3, 4};
        assertEquals(1, SchedulabilityPoint.quantile(v, 0));
        assertEquals(1.75, SchedulabilityPoint.quantile(v, 0.25));
        assertEquals(2.5, SchedulabilityPoint.quantile(v, 0.5));
        assertEquals(4, SchedulabilityPoint.quantile(v, 1));
        assertEquals(7, SchedulabilityPoint.quantile(new double[] {7}, 0.5));
    }

    @Test
    void aPermutationHoldsEveryNodeOnceAndDependsOnItsStreamOnly() {
        int[] p = SchedulabilityPoint.permutation(64, new SplittableRandom(5));
        int[] sorted = p.clone();
        Arrays.sort(sorted);
        int[] identity = new int[64];
        Arrays.setAll(identity, i -> i);
        assertArrayEquals(identity, sorted);
        assertArrayEquals(p, SchedulabilityPoint.permutation(64, new SplittableRandom(5)));
        assertNotEquals(Arrays.toString(p), Arrays.toString(SchedulabilityPoint.permutation(64, new SplittableRandom(6))));
    }

    @Test
    void timingOutOfRangeIsRefused() {
        assertEquals(1_500_000_000L, new SchedulingTiming(1.5, 3).warmupNanos());
        assertThrows(IllegalArgumentException.class, () -> new SchedulingTiming(-1, 3));
        assertThrows(IllegalArgumentException.class, () -> new SchedulingTiming(1, 0));
    }
}
