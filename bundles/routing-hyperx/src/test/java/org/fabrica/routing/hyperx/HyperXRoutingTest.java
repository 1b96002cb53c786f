package org.fabrica.routing.hyperx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.fabrica.kernel.RandomStreams;
import org.fabrica.params.Parameters;
import org.fabrica.routing.RoutingAlgorithm;
import org.fabrica.testing.DependencyGraph;
import org.fabrica.testing.Hop;
import org.fabrica.testing.RouteWalk;
import org.fabrica.topology.cube.KAryNCube;
import org.fabrica.topology.hyperx.FlatFlyFactory;
import org.fabrica.topology.hyperx.FlatFlyParameters;
import org.fabrica.topology.hyperx.HyperX;
import org.fabrica.topology.hyperx.HyperXFactory;
import org.fabrica.topology.hyperx.HyperXParameters;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class HyperXRoutingTest {

    static HyperX hyperx(String shape, int terminals) {
        int[] widths = Arrays.stream(shape.split(" ")).mapToInt(Integer::parseInt).toArray();
        return (HyperX) new HyperXFactory().create(Parameters.bind(HyperXParameters.class,
                Map.of("widths", widths, "terminals", terminals)));
    }

    static RoutingAlgorithm dor(HyperX x) {
        return new HyperXDorFactory().create(x, Parameters.defaults(HyperXDorParameters.class));
    }

    static RoutingAlgorithm valiant(HyperX x, long seed) {
        return new HyperXValiantFactory().create(x, Parameters.defaults(HyperXValiantParameters.class),
                new RandomStreams(seed));
    }

    static long channel(Hop hop) {
        return ((long) hop.router() * 1024 + hop.port()) * 4 + hop.vcClass();
    }

    /** Router hops of a shortest path: the coordinates that differ. */
    static int distance(HyperX x, int a, int b) {
        int hops = 0;
        for (int d = 0; d < x.dimensions(); d++) {
            hops += x.coordinate(a, d) != x.coordinate(b, d) ? 1 : 0;
        }
        return hops;
    }

    @ParameterizedTest(name = "widths {0}, T = {1}")
    @CsvSource({"'4 4', 2", "'3 5', 1", "'2 3 4', 1", "'6', 2", "'3 3 3', 1"})
    void dimensionOrderIsMinimalInDimensionOrderAndAcyclicWithOneClass(String shape, int terminals) {
        HyperX x = hyperx(shape, terminals);
        RoutingAlgorithm r = dor(x);
        assertEquals(1, r.vcClasses());
        DependencyGraph graph = new DependencyGraph();
        for (int s = 0; s < x.nodes(); s++) {
            for (int t = 0; t < x.nodes(); t++) {
                if (s == t) {
                    continue;
                }
                List<Hop> hops = RouteWalk.walk(r, x, s, t, s * 10_000L + t);
                assertEquals(distance(x, x.nodeRouter(s), x.nodeRouter(t)) + 1, hops.size(), s + " -> " + t);
                int lastDim = -1;
                for (Hop hop : hops.subList(0, hops.size() - 1)) {
                    int d = x.portDimension(hop.port());
                    assertTrue(d > lastDim, "dimensions out of order " + hops);
                    lastDim = d;
                }
                graph.addPath(hops, HyperXRoutingTest::channel);
            }
        }
        assertEquals(List.of(), graph.cycle());
    }

    @ParameterizedTest(name = "widths {0}, T = {1}")
    @CsvSource({"'4 4', 1", "'3 4', 2", "'2 3 3', 1"})
    void valiantPassesARandomRouterAndItsTwoPhasesAreAcyclic(String shape, int terminals) {
        HyperX x = hyperx(shape, terminals);
        RoutingAlgorithm r = valiant(x, 3);
        assertEquals(2, r.vcClasses());
        DependencyGraph graph = new DependencyGraph();
        int longer = 0;
        int walks = 0;
        for (int s = 0; s < x.nodes(); s++) {
            for (int t = 0; t < x.nodes(); t++) {
                if (s == t) {
                    continue;
                }
                for (long id = 0; id < 4; id++) {
                    List<Hop> hops = RouteWalk.walk(r, x, s, t, (s * 10_000L + t) * 4 + id);
                    walks++;
                    assertTrue(hops.size() - 1 <= 2 * x.dimensions(), "at most two dimension-order paths: " + hops);
                    if (hops.size() - 1 > distance(x, x.nodeRouter(s), x.nodeRouter(t))) {
                        longer++;
                    }
                    int prev = 0;
                    for (Hop hop : hops) {
                        assertTrue(hop.vcClass() >= prev, "phase 1 after phase 2: " + hops);
                        prev = hop.vcClass();
                    }
                    assertEquals(1, hops.get(hops.size() - 1).vcClass(), "ejection in phase 2");
                    graph.addPath(hops, HyperXRoutingTest::channel);
                }
            }
        }
        assertEquals(List.of(), graph.cycle());
        assertTrue(graph.merged(c -> c / 4).hasCycle(), "the two phases on one class should close a cycle");
        assertTrue(longer > walks / 4, "only " + longer + " of " + walks + " walks went out of their way");
    }

    @Test
    void flattenedButterflyIsRoutedAsItsHyperX() {
        HyperX f = (HyperX) new FlatFlyFactory().create(Parameters.bind(FlatFlyParameters.class, Map.of("k", 3, "n", 3)));
        RoutingAlgorithm r = dor(f);
        for (int s = 0; s < f.nodes(); s++) {
            for (int t = 0; t < f.nodes(); t++) {
                if (s != t) {
                    assertEquals(distance(f, f.nodeRouter(s), f.nodeRouter(t)) + 1, RouteWalk.walk(r, f, s, t, 1).size());
                }
            }
        }
    }

    @Test
    void otherTopologiesAreRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new HyperXDorFactory().create(new KAryNCube(4, 2, true), Parameters.defaults(HyperXDorParameters.class)));
        assertTrue(e.getMessage().contains("'hyperx-dor' routes HyperX") && e.getMessage().contains("'flatfly'"),
                e.getMessage());
    }
}
