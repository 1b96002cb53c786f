package org.fabrica.collective.roots;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.fabrica.collective.RootPolicy;
import org.fabrica.params.Parameters;
import org.junit.jupiter.api.Test;

class LowestMaxHopPolicyTest {
    private final RootPolicy policy = new LowestMaxHopPolicyFactory().create(Parameters.defaults(LowestMaxHopParameters.class));

    @Test
    void picksTheLowestMaxHopsBeforeTheLowestMeanHops() {
        // candidate 2 has the lowest mean but a taller tree; 1 and 3 tie on max, 3 has the lower mean
        ScriptedRootContext c = new ScriptedRootContext(0, new int[] {3, 2, 4, 2}, new double[] {1.0, 2.0, 0.5, 1.5},
                new double[4], 1);
        assertEquals(3, policy.choose(c));
    }

    @Test
    void tiesGoToTheLowerMeanHopsThenToTheLowerIndex() {
        assertEquals(0, policy.choose(new ScriptedRootContext(0, new int[] {2, 2, 2}, new double[] {1.5, 1.5, 1.5},
                new double[3], 1)));
        assertEquals(1, policy.choose(new ScriptedRootContext(0, new int[] {2, 2, 2}, new double[] {1.5, 1.0, 1.0},
                new double[3], 1)));
        assertEquals(2, policy.choose(new ScriptedRootContext(0, new int[] {3, 2, 2}, new double[] {1.0, 1.75, 1.5},
                new double[3], 1)));
    }

    @Test
    void ignoresLoadAndTheGroup() {
        for (int group = 0; group < 5; group++) {
            ScriptedRootContext c = new ScriptedRootContext(group, new int[] {2, 2, 3}, new double[] {2, 2, 1},
                    new double[] {0.9, 0.1, 0.0}, group);
            assertEquals(0, policy.choose(c));
        }
    }

    @Test
    void aSingleCandidateIsChosen() {
        assertEquals(0, policy.choose(ScriptedRootContext.hops(7, 5)));
    }
}
