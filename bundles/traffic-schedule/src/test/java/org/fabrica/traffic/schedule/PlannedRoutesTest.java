package org.fabrica.traffic.schedule;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.fabrica.stats.Metric;
import org.fabrica.traffic.TrafficPattern;
import org.junit.jupiter.api.Test;

/**
 * A point's pattern is tabulated into one flow per source (a node sending to itself has none), and a
 * pattern that does not give each source one fixed destination is refused, naming the source; a
 * point reports its flows, and only a routing with a {@code routes} parameter takes a plan.
 * (Plans of a real scheduler played in a point: RoutesFromSchedulerTest in experiment-runner.)
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

    @Test
    void aPointReportsItsFlowsGrantedAndFallback() {
        PlannedRoutes routes = new PlannedRoutes(new int[] {1, 0, 3, 2}, null, "0 1 0\n", 4, 3);
        List<Metric> metrics = routes.metrics();
        assertEquals(List.of(PlannedRoutes.FLOWS, PlannedRoutes.GRANTED, PlannedRoutes.FALLBACK),
                metrics.stream().map(Metric::name).toList());
        assertEquals(List.of(4.0, 3.0, 1.0), metrics.stream().map(Metric::value).toList());
    }

    @Test
    void onlyARoutingWithRoutesAndNoneGivenTakesAPlan() {
        assertNull(PlannedRoutes.unusableRouting("schemes[0].routing", "source-route", List.of("fallback", "routes"),
                null));
        assertNull(PlannedRoutes.unusableRouting("schemes[0].routing", "source-route", List.of("routes"), ""),
                "a resolved file writes the empty default back");
        assertEquals("schemes[0].routing: routing 'dmodk' takes no routes, so a scheduler's plan cannot drive it; use"
                + " 'from' with a routing that has a 'routes' parameter, such as {name: source-route, fallback: dmodk,"
                + " from: levelwise}", PlannedRoutes.unusableRouting("schemes[0].routing", "dmodk", List.of(), null));
        assertEquals("schemes[1].routing: give either 'routes' or 'from' (routes planned by a scheduler), not both",
                PlannedRoutes.unusableRouting("schemes[1].routing", "source-route", List.of("routes"), "0 1 0"));
    }
}
