package org.fabrica.routing.dragonfly;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.fabrica.kernel.RandomStreams;
import org.fabrica.params.Parameters;
import org.fabrica.routing.NetworkOccupancy;
import org.fabrica.routing.RoutingAlgorithm;
import org.fabrica.testing.CandidateRecorder;
import org.fabrica.testing.DependencyGraph;
import org.fabrica.testing.Hop;
import org.fabrica.testing.RouteWalk;
import org.fabrica.testing.TestPacket;
import org.fabrica.topology.dragonfly.Dragonfly;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * UGAL-L and UGAL-G on a hand-made {@link NetworkOccupancy}: the rule (minimal when
 * min_cost <= nonmin_cost + threshold), which outputs each reads, that the decision is kept, and that
 * every path of either choice reaches its destination with classes that never decrease and an
 * acyclic union. The two candidate paths of a packet are taken from {@code dragonfly-minimal} and
 * {@code dragonfly-valiant} (same seed, so the same intermediate router), not from UGAL's code.
 */
class DragonflyUgalTest {
    static final long SEED = 3;

    /** Flits held downstream of each (router, port), set by the test; or, with noise, random on every read. */
    static final class Queues implements NetworkOccupancy {
        final int[][] held;
        SplittableRandom noise;

        Queues(Dragonfly d) {
            held = new int[d.routers()][d.ports(0)];
        }

        @Override
        public int downstreamFlits(int router, int outPort) {
            return noise != null ? noise.nextInt(33) : held[router][outPort];
        }

        @Override
        public int downstreamFlits(int router, int outPort, int vc) {
            return vc == 0 ? downstreamFlits(router, outPort) : 0;
        }

        @Override
        public int downstreamCapacity(int router, int outPort) {
            return 32;
        }

        @Override
        public int vcs() {
            return 4;
        }
    }

    static RoutingAlgorithm ugal(Dragonfly d, String name, String weighting, int threshold, NetworkOccupancy view) {
        Map<String, Object> params = Map.of("weighting", weighting, "threshold", threshold);
        RoutingAlgorithm r = name.equals("l")
                ? new DragonflyUgalLFactory().create(d, Parameters.bind(DragonflyUgalLParameters.class, params),
                        new RandomStreams(SEED))
                : new DragonflyUgalGFactory().create(d, Parameters.bind(DragonflyUgalGParameters.class, params),
                        new RandomStreams(SEED));
        assertTrue(r.readsOccupancy());
        assertFalse(r.deterministic());
        assertEquals(4, r.vcClasses());
        r.occupancy(view);
        return r;
    }

    static int globals(Dragonfly d, List<Hop> hops) {
        return (int) hops.stream().filter(h -> d.isGlobalPort(h.port())).count();
    }

    /** The routers and ports of a path (its classes left out: UGAL's minimal path uses Valiant's). */
    static List<List<Integer>> ports(List<Hop> hops) {
        return hops.stream().map(h -> List.of(h.router(), h.port())).toList();
    }

    static Hop firstGlobal(Dragonfly d, List<Hop> hops) {
        return hops.stream().filter(h -> d.isGlobalPort(h.port())).findFirst().orElseThrow();
    }

    /** A packet of groups 0 -> 3 whose minimal and Valiant paths leave the source router on different local ports. */
    record Case(int source, int destination, long id, List<Hop> minimal, List<Hop> valiant) {
    }

    static Case twoWays(Dragonfly d) {
        RoutingAlgorithm minimal = DragonflyRoutingTest.minimal(d);
        RoutingAlgorithm valiant = DragonflyRoutingTest.valiant(d, SEED);
        for (int s = 0; s < d.groupRouters() * d.terminalsPerRouter(); s++) {
            int t = 3 * d.groupRouters() * d.terminalsPerRouter() + 1;
            List<Hop> m = RouteWalk.walk(minimal, d, s, t, 0);
            if (!d.isLocalPort(m.get(0).port())) {
                continue;
            }
            for (long id = 0; id < 100; id++) {
                List<Hop> v = RouteWalk.walk(valiant, d, s, t, id);
                if (d.isLocalPort(v.get(0).port()) && v.get(0).port() != m.get(0).port()
                        && firstGlobal(d, v).router() != firstGlobal(d, m).router()) {
                    return new Case(s, t, id, m, v);
                }
            }
        }
        throw new AssertionError("no packet with two different first hops");
    }

    static List<Hop> walk(RoutingAlgorithm r, Dragonfly d, Case c) {
        return RouteWalk.walk(r, d, c.source(), c.destination(), c.id());
    }

    @ParameterizedTest(name = "ugal-{0}")
    @CsvSource({"l", "g"})
    void anEmptyNetworkGoesMinimalAndAFullMinimalOutputGoesValiant(String kind) {
        Dragonfly d = DragonflyRoutingTest.dragonfly(2, 4, 2, 9, "absolute");
        Case c = twoWays(d);
        Queues q = new Queues(d);
        RoutingAlgorithm r = ugal(d, kind, "hops", 0, q);
        List<Hop> minimal = walk(r, d, c);
        assertEquals(ports(c.minimal()), ports(minimal), "empty network: the minimal path " + c);
        for (Hop hop : minimal) {
            int expected = d.isGlobalPort(hop.port()) ? 2 : d.group(hop.router()) == 3 ? 3 : 0;
            assertEquals(expected, hop.vcClass(), "minimal in Valiant's classes 0, 2, 3: " + minimal);
        }
        // the queue this variant reads on the minimal path, full; the Valiant one empty
        Hop reads = kind.equals("l") ? c.minimal().get(0) : firstGlobal(d, c.minimal());
        q.held[reads.router()][reads.port()] = 32;
        List<Hop> hops = walk(r, d, c);
        assertEquals(2, globals(d, hops), "minimal output full: Valiant " + hops);
        assertEquals(c.valiant(), hops);
    }

    @Test
    void ugalLReadsTheSourceRoutersOutputsAndUgalGTheGatewaysGlobalOutputs() {
        Dragonfly d = DragonflyRoutingTest.dragonfly(2, 4, 2, 9, "absolute");
        Case c = twoWays(d);
        Queues q = new Queues(d);
        Hop gateway = firstGlobal(d, c.minimal());
        q.held[gateway.router()][gateway.port()] = 32;
        assertEquals(1, globals(d, walk(ugal(d, "l", "hops", 0, q), d, c)), "UGAL-L does not see the gateway's queue");
        assertEquals(2, globals(d, walk(ugal(d, "g", "hops", 0, q), d, c)), "UGAL-G does");
        q.held[gateway.router()][gateway.port()] = 0;
        Hop first = c.minimal().get(0);
        q.held[first.router()][first.port()] = 32;
        assertEquals(2, globals(d, walk(ugal(d, "l", "hops", 0, q), d, c)), "UGAL-L sees its first output");
        assertEquals(1, globals(d, walk(ugal(d, "g", "hops", 0, q), d, c)), "UGAL-G does not");
    }

    @Test
    void theThresholdShiftsTheDecisionPointByItsValueInEitherWeighting() {
        Dragonfly d = DragonflyRoutingTest.dragonfly(2, 4, 2, 9, "absolute");
        Case c = twoWays(d);
        Queues q = new Queues(d);
        Hop min = c.minimal().get(0);
        Hop non = c.valiant().get(0);
        q.held[min.router()][min.port()] = 12;
        q.held[non.router()][non.port()] = 5;
        int minHops = c.minimal().size() - 1;
        int nonHops = c.valiant().size() - 1;
        // hops: 12 H_min <= 5 H_nonmin + T
        int hopsPoint = 12 * minHops - 5 * nonHops;
        assertEquals(1, globals(d, walk(ugal(d, "l", "hops", hopsPoint, q), d, c)), "at the point: minimal");
        assertEquals(2, globals(d, walk(ugal(d, "l", "hops", hopsPoint - 1, q), d, c)), "one flit below: Valiant");
        // booksim: 1 * 12 <= 2 * 5 + T, whatever the hops
        assertEquals(1, globals(d, walk(ugal(d, "l", "booksim", 2, q), d, c)), "BookSim2's rule at T = 2: minimal");
        assertEquals(2, globals(d, walk(ugal(d, "l", "booksim", 1, q), d, c)), "BookSim2's rule at T = 1: Valiant");
        assertTrue(hopsPoint != 2, "the two rules should put the point at different thresholds here: " + c);
        assertEquals(1, globals(d, walk(ugal(d, "l", "booksim", 30, q), d, c)), "BookSim2's own threshold 30");
    }

    @Test
    void theDecisionIsKeptWhenTheSourceIsAskedAgainAndAtLaterHops() {
        Dragonfly d = DragonflyRoutingTest.dragonfly(2, 4, 2, 9, "absolute");
        Case c = twoWays(d);
        Queues q = new Queues(d);
        RoutingAlgorithm r = ugal(d, "l", "hops", 0, q);
        TestPacket packet = new TestPacket(c.id(), c.source(), c.destination());
        CandidateRecorder out = new CandidateRecorder();
        Hop first = c.minimal().get(0);
        r.route(first.router(), d.nodePort(c.source()), packet, out.reset());
        assertEquals(first.port(), out.port(), "empty: minimal");
        int state = packet.routingState();
        assertTrue((state & DragonflyUgalRouting.DECIDED) != 0 && (state & DragonflyUgalRouting.CHOSE_MINIMAL) != 0);
        // the minimal output fills before the head leaves: asked again, the same answer and state
        q.held[first.router()][first.port()] = 32;
        r.route(first.router(), d.nodePort(c.source()), packet, out.reset());
        assertEquals(first.port(), out.port(), "re-route keeps the minimal decision");
        assertEquals(first.vcClass(), out.vcClass());
        assertEquals(state, packet.routingState());
        // and the rest of the path stays minimal whatever the queues
        q.noise = new SplittableRandom(1);
        assertEquals(ports(c.minimal()), ports(walk(r, d, c)), "a walk under random queues keeps each packet's decision");
    }

    @ParameterizedTest(name = "ugal-{0} {1}, p = {2}, a = {3}, h = {4}, g = {5}, {6}")
    @CsvSource({"l, hops, 2, 4, 2, 9, absolute", "g, hops, 2, 4, 2, 9, palmtree", "l, booksim, 1, 3, 2, 7, palmtree",
        "g, booksim, 1, 2, 1, 3, absolute"})
    void everyRouteReachesItsDestinationWithClassesNeverDecreasingAndTheUnionIsAcyclic(String kind, String weighting,
            int p, int a, int h, int g, String arrangement) {
        Dragonfly d = DragonflyRoutingTest.dragonfly(p, a, h, g, arrangement);
        Queues q = new Queues(d);
        // every read a new random queue: RouteWalk's asked-again check fails unless the decision is kept
        q.noise = new SplittableRandom(11);
        RoutingAlgorithm r = ugal(d, kind, weighting, 0, q);
        DependencyGraph graph = new DependencyGraph();
        int[] choices = new int[3];
        for (int s = 0; s < d.nodes(); s++) {
            for (int t = 0; t < d.nodes(); t++) {
                if (s == t) {
                    continue;
                }
                for (long id = 0; id < 4; id++) {
                    List<Hop> hops = RouteWalk.walk(r, d, s, t, (s * (long) d.nodes() + t) * 8 + id);
                    graph.addPath(hops, DragonflyRoutingTest::channel);
                    int prev = 0;
                    for (Hop hop : hops) {
                        assertTrue(hop.vcClass() >= prev && hop.vcClass() < 4, "classes never go down: " + hops);
                        prev = hop.vcClass();
                    }
                    int globals = globals(d, hops);
                    assertTrue(d.group(d.nodeRouter(s)) == d.group(d.nodeRouter(t)) ? globals == 0 : globals >= 1, "" + hops);
                    choices[globals]++;
                }
            }
        }
        assertTrue(choices[1] > 0 && choices[2] > 0, "random queues give both choices: " + Arrays.toString(choices));
        assertEquals(List.of(), graph.cycle(), "channel dependency cycle under the four classes");
    }

    @Test
    void withoutAnOccupancyViewOrOnTwoGroupsItSaysWhy() {
        Dragonfly d = DragonflyRoutingTest.dragonfly(2, 4, 2, 9, "absolute");
        RoutingAlgorithm r = ugal(d, "l", "hops", 0, null);
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> RouteWalk.walk(r, d, 0, d.nodes() - 1, 1));
        assertTrue(e.getMessage().contains("network 'flit'"), e.getMessage());
        IllegalArgumentException two = assertThrows(IllegalArgumentException.class,
                () -> ugal(DragonflyRoutingTest.dragonfly(2, 4, 2, 2, "absolute"), "g", "hops", 0, null));
        assertTrue(two.getMessage().contains("'dragonfly-ugal-g'") && two.getMessage().contains("g >= 3"),
                two.getMessage());
    }
}
