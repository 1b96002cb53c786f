package org.fabrica.traffic.schedule;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fabrica.traffic.TrafficPattern;
import org.junit.jupiter.api.Test;

/**
 * A point's pattern is tabulated into one flow per source (a node sending to itself has none), and a
 * pattern that does not give each source one fixed destination is refused, naming the source.
 * (Plans of a real scheduler: RoutesFromSchedulerTest in experiment-runner.)
 */
class PlannedRoutesTest {
    @Test
    void aPermutationIsOneFlowPerSourceAndARandomPatternIsRefused() {
        TrafficPattern reverse = (source, random) -> 3 - source;
        assertArrayEquals(new int[] {3, 2, 1, 0}, PlannedRoutes.tabulate(() -> reverse, 4, "reverse"));
        TrafficPattern fixedPoint = (source, random) -> source == 0 ? 0 : 1;
        assertArrayEquals(new int[] {TrafficPattern.NONE, TrafficPattern.NONE, 1, 1},
                PlannedRoutes.tabulate(() -> fixedPoint, 4, "fixed"));
        assertEquals(2, PlannedRoutes.demands(new int[] {TrafficPattern.NONE, TrafficPattern.NONE, 1, 1}).transfers().size());
        TrafficPattern uniform = (source, random) -> random.nextInt(4);
        String m = assertThrows(IllegalArgumentException.class, () -> PlannedRoutes.tabulate(() -> uniform, 4, "uniform"))
                .getMessage();
        assertTrue(m.contains("'uniform' sent node 0 to"), m);
        TrafficPattern outside = (source, random) -> 7;
        assertThrows(IllegalArgumentException.class, () -> PlannedRoutes.tabulate(() -> outside, 4, "outside"));
    }
}
