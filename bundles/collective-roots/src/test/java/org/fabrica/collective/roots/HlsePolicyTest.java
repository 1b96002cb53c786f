package org.fabrica.collective.roots;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.annotation.Annotation;
import java.util.Map;
import org.fabrica.collective.RootPolicy;
import org.fabrica.params.Parameters;
import org.junit.jupiter.api.Test;

class HlsePolicyTest {
    private static final int DRAWS = 1_000;

    private static RootPolicy hlse(double threshold) {
        return new HlsePolicyFactory().create(Parameters.bind(HlseParameters.class, Map.of("threshold", threshold)));
    }

    /** How often each candidate is chosen in {@link #DRAWS} choices on one context. */
    private static int[] draw(RootPolicy policy, ScriptedRootContext context) {
        int[] seen = new int[context.candidates().length];
        for (int i = 0; i < DRAWS; i++) {
            seen[policy.choose(context)]++;
        }
        return seen;
    }

    @Test
    void picksOnlyAndEveryCentreAtOrBelowTheThreshold() {
        // centres 0, 1, 3, 4; 0 and 3 are above 0.5; 4 sits on the threshold (kept); 2 is idle but not a centre
        ScriptedRootContext c = ScriptedRootContext.loaded(new int[] {2, 2, 3, 2, 2},
                new double[] {0.9, 0.2, 0.0, 0.7, 0.5}, 42);
        int[] seen = draw(hlse(0.5), c);
        assertEquals(0, seen[0], "above the threshold");
        assertEquals(0, seen[3], "above the threshold");
        assertEquals(0, seen[2], "not a centre");
        assertTrue(seen[1] > 0 && seen[4] > 0, "each light centre is drawn: " + seen[1] + ", " + seen[4]);
        // uniform: a fair coin over 1,000 draws lands this far from 500 with probability below 1e-9
        assertTrue(Math.abs(seen[1] - 500) < 100, "uniform over the light centres: " + seen[1] + " of " + DRAWS);
    }

    @Test
    void aSingleLightCentreIsAlwaysChosen() {
        ScriptedRootContext c = ScriptedRootContext.loaded(new int[] {1, 1, 1}, new double[] {0.8, 0.3, 0.6}, 7);
        assertEquals(DRAWS, draw(hlse(0.5), c)[1]);
    }

    @Test
    void fallsBackToEveryCentreWhenAllAreAboveTheThreshold() {
        ScriptedRootContext c = ScriptedRootContext.loaded(new int[] {2, 2, 3, 2, 2},
                new double[] {0.9, 0.8, 0.0, 0.7, 0.6}, 3);
        int[] seen = draw(hlse(0.5), c);
        assertEquals(0, seen[2], "the fallback is the centres, not every candidate");
        for (int i : new int[] {0, 1, 3, 4}) {
            assertTrue(seen[i] > 0, "centre " + i + " drawn " + seen[i] + " times");
        }
    }

    @Test
    void theThresholdDecidesWhichCentresAreHeavy() {
        double[] loads = {0.9, 0.2, 0.7};
        int[] maxHops = {1, 1, 1};
        int[] atPointFive = draw(hlse(0.5), ScriptedRootContext.loaded(maxHops, loads, 5));
        assertEquals(DRAWS, atPointFive[1]);
        int[] atPointEight = draw(hlse(0.8), ScriptedRootContext.loaded(maxHops, loads, 5));
        assertEquals(0, atPointEight[0]);
        assertTrue(atPointEight[1] > 0 && atPointEight[2] > 0);
    }

    @Test
    void theSameSeedGivesTheSameRoots() {
        int[] maxHops = {1, 1, 1, 1};
        double[] loads = {0.1, 0.2, 0.3, 0.9};
        RootPolicy policy = hlse(0.5);
        ScriptedRootContext a = ScriptedRootContext.loaded(maxHops, loads, 11);
        ScriptedRootContext b = ScriptedRootContext.loaded(maxHops, loads, 11);
        for (int i = 0; i < 100; i++) {
            assertEquals(policy.choose(a), policy.choose(b));
        }
    }

    @Test
    void theDefaultThresholdIsAHalf() {
        assertEquals(0.5, Parameters.defaults(HlseParameters.class).threshold());
    }

    @Test
    void aNegativeThresholdIsRefusedWithAMessage() {
        IllegalArgumentException bound = assertThrows(IllegalArgumentException.class, () -> hlse(-0.5));
        assertTrue(bound.getMessage().contains("threshold"), bound.getMessage());
        // the factory's own check, for parameters that did not come through Parameters.bind
        HlseParameters negative = new HlseParameters() {
            @Override
            public double threshold() {
                return -0.5;
            }

            @Override
            public Class<? extends Annotation> annotationType() {
                return HlseParameters.class;
            }
        };
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new HlsePolicyFactory().create(negative));
        assertTrue(e.getMessage().contains("threshold = -0.5") && e.getMessage().contains("threshold >= 0"),
                e.getMessage());
    }
}
