package org.fabrica.collective.roots;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.fabrica.collective.RootPolicy;
import org.fabrica.params.Parameters;
import org.junit.jupiter.api.Test;

class LlpPolicyTest {
    private final RootPolicy policy = new LlpPolicyFactory().create(Parameters.defaults(LlpParameters.class));

    @Test
    void picksTheLeastLoadedCentreNeverALighterNonCentre() {
        // candidate 1 is idle but one router further from the members; 2 and 3 tie, 2 comes first
        int[] maxHops = {2, 3, 2, 2};
        assertEquals(2, policy.choose(ScriptedRootContext.loaded(maxHops, new double[] {0.9, 0.0, 0.4, 0.4}, 1)));
        assertEquals(3, policy.choose(ScriptedRootContext.loaded(maxHops, new double[] {0.9, 0.0, 0.4, 0.05}, 1)));
        assertEquals(0, policy.choose(ScriptedRootContext.loaded(maxHops, new double[] {0.01, 0.0, 0.4, 0.05}, 1)));
    }

    @Test
    void followsTheLoadExactlyAsItMoves() {
        int[] maxHops = {1, 1, 1, 1, 1};
        for (int light = 0; light < maxHops.length; light++) {
            double[] loads = {0.5, 0.5, 0.5, 0.5, 0.5};
            loads[light] = 0.499;
            assertEquals(light, policy.choose(ScriptedRootContext.loaded(maxHops, loads, light)));
        }
    }

    @Test
    void withoutLoadInformationTakesTheFirstCentre() {
        assertEquals(1, policy.choose(ScriptedRootContext.hops(4, 3, 2, 2, 2)));
    }
}
