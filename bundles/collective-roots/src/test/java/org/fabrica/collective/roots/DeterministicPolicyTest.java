package org.fabrica.collective.roots;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.fabrica.collective.RootPolicy;
import org.fabrica.params.Parameters;
import org.junit.jupiter.api.Test;

class DeterministicPolicyTest {
    private final RootPolicy policy = new DeterministicPolicyFactory().create(Parameters.defaults(DeterministicParameters.class));

    @Test
    void cyclesThroughTheCentresInCandidateOrderAsTheGroupGrows() {
        int[] maxHops = {3, 2, 4, 2, 2};
        int[] centres = {1, 3, 4};
        for (int group = 0; group < 30; group++) {
            assertEquals(centres[group % centres.length], policy.choose(ScriptedRootContext.hops(group, maxHops)),
                    "group " + group);
        }
    }

    @Test
    void isAFunctionOfTheGroupAloneNotOfLoadOrRandomness() {
        int[] maxHops = {2, 2, 3};
        for (int group = 0; group < 6; group++) {
            int expected = group % 2;
            for (long seed = 0; seed < 3; seed++) {
                // the centre it must choose heavily loaded, the other centre and the non-centre idle
                double[] loads = new double[3];
                loads[expected] = 100;
                ScriptedRootContext c = new ScriptedRootContext(group, maxHops, new double[] {2, 2, 3}, loads, seed);
                assertEquals(expected, policy.choose(c), "group " + group + ", seed " + seed);
            }
        }
    }

    @Test
    void aSingleCentreServesEveryGroup() {
        for (int group = 0; group < 10; group++) {
            assertEquals(2, policy.choose(ScriptedRootContext.hops(group, 4, 3, 1, 2)));
        }
    }
}
