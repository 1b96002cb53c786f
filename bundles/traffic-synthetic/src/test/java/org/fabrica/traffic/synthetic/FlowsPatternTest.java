package org.fabrica.traffic.synthetic;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.fabrica.params.Parameters;
import org.fabrica.testing.GraphTopology;
import org.fabrica.traffic.TrafficPattern;
import org.junit.jupiter.api.Test;

class FlowsPatternTest {
    private static final GraphTopology SIXTEEN = GraphTopology.crossbar(16);

    private static TrafficPattern flows(String... flows) {
        return new FlowsFactory().create(SIXTEEN, new SplittableRandom(1),
                Parameters.bind(FlowsParameters.class, Map.of("flows", List.of(flows))));
    }

    @Test
    void onlyTheListedSourcesSendAndEachToItsDestination() {
        TrafficPattern p = flows("0->5", "5->0", "1->4", " 4 -> 1 ");
        int[] expected = new int[16];
        java.util.Arrays.fill(expected, TrafficPattern.NONE);
        expected[0] = 5;
        expected[5] = 0;
        expected[1] = 4;
        expected[4] = 1;
        assertArrayEquals(expected, TrafficPatternsTest.table(p, 16));
    }

    @Test
    void aSourceWithSeveralFlowsPicksOneUniformlyPerPacket() {
        TrafficPattern p = flows("3->7", "3->9");
        SplittableRandom random = new SplittableRandom(42);
        int sevens = 0;
        for (int i = 0; i < 10_000; i++) {
            int d = p.destination(3, random);
            assertTrue(d == 7 || d == 9, "destination " + d);
            sevens += d == 7 ? 1 : 0;
        }
        assertTrue(Math.abs(sevens - 5_000) < 300, sevens + " of 10,000 to node 7");
        assertEquals(TrafficPattern.NONE, p.destination(7, random));
    }

    @Test
    void malformedOrImpossibleFlowsAreRefusedNamingTheFlow() {
        assertMessage("needs at least one flow", () -> new FlowsFactory().create(SIXTEEN, new SplittableRandom(1),
                Parameters.defaults(FlowsParameters.class)));
        assertMessage("flow '0-5' is not 'source->destination'", () -> flows("0-5"));
        assertMessage("flow 'a->5' is not 'source->destination'", () -> flows("a->5"));
        assertMessage("flow '1->2->3' is not", () -> flows("1->2->3"));
        assertMessage("flow '0->16' names node 16, which is not a node of 16-port crossbar; use ids 0..15",
                () -> flows("0->16"));
        assertMessage("flow '3->3' goes from a node to itself", () -> flows("3->3"));
        assertMessage("flow '0->5' is listed twice", () -> flows("0->5", "0->5"));
    }

    private static void assertMessage(String part, org.junit.jupiter.api.function.Executable e) {
        IllegalArgumentException x = assertThrows(IllegalArgumentException.class, e);
        assertTrue(x.getMessage().contains(part), x.getMessage());
    }
}
