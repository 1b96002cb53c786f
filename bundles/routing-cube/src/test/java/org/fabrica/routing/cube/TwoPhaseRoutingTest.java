package org.fabrica.routing.cube;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.fabrica.kernel.RandomStreams;
import org.fabrica.params.Parameters;
import org.fabrica.routing.RoutingAlgorithm;
import org.fabrica.testing.DependencyGraph;
import org.fabrica.testing.Hop;
import org.fabrica.testing.RouteWalk;
import org.fabrica.topology.cube.KAryNCube;
import org.junit.jupiter.api.Test;

class TwoPhaseRoutingTest {

    static RoutingAlgorithm valiant(KAryNCube t, long seed) {
        return new ValiantFactory().create(t, Parameters.defaults(ValiantParameters.class), new RandomStreams(seed));
    }

    static RoutingAlgorithm romm(KAryNCube t, long seed) {
        return new RommFactory().create(t, Parameters.defaults(RommParameters.class), new RandomStreams(seed));
    }

    static final List<KAryNCube> CUBES = List.of(new KAryNCube(4, 2, false), new KAryNCube(4, 2, true),
            new KAryNCube(5, 2, true), new KAryNCube(3, 3, true));

    @Test
    void classesPerPhaseWithDatelinesOnTori() {
        assertEquals(2, valiant(new KAryNCube(4, 2, false), 1).vcClasses());
        assertEquals(4, valiant(new KAryNCube(4, 2, true), 1).vcClasses());
        assertEquals(4, romm(new KAryNCube(4, 2, true), 1).vcClasses());
        assertFalse(romm(new KAryNCube(4, 2, true), 1).deterministic());
    }

    /**
     * Every pair under many packet ids reaches its destination; ROMM always on a minimal path,
     * Valiant on one of at most twice the diameter; phase classes never fall back; and the channel
     * dependency graph over (router, port, class) is acyclic (with the classes merged it is not, on
     * a torus: the negative control).
     */
    @Test
    void pathsReachTheDestinationWithAcyclicDependencies() {
        for (boolean quadrant : new boolean[] {false, true}) {
            for (KAryNCube t : CUBES) {
                RoutingAlgorithm a = quadrant ? romm(t, 3) : valiant(t, 3);
                DependencyGraph g = new DependencyGraph();
                int longer = 0;
                int walks = 0;
                for (int s = 0; s < t.nodes(); s++) {
                    for (int d = 0; d < t.nodes(); d++) {
                        for (long id = 0; id < 12; id++) {
                            List<Hop> hops = RouteWalk.walk(a, t, s, d, id * 7919 + s);
                            int minimal = DimensionOrderRoutingTest.minimalHops(t, s, d) + 1;
                            walks++;
                            if (quadrant) {
                                assertEquals(minimal, hops.size(), t.describe() + " ROMM " + s + "->" + d);
                            } else if (hops.size() > minimal) {
                                longer++;
                            }
                            int previous = 0;
                            for (Hop h : hops) {
                                assertTrue(h.vcClass() >= 0 && h.vcClass() < a.vcClasses());
                                assertTrue(h.vcClass() / (a.vcClasses() / 2) >= previous / (a.vcClasses() / 2),
                                        "no phase-1 class after phase 2");
                                previous = h.vcClass();
                            }
                            g.addPath(hops.subList(0, hops.size() - 1),
                                    h -> ((long) h.router() * 64 + h.port()) * 8 + h.vcClass());
                        }
                    }
                }
                assertFalse(g.hasCycle(), t.describe() + ": " + g.cycle());
                if (!quadrant) {
                    assertTrue(longer > walks / 3, "Valiant detours: " + longer + " of " + walks);
                }
                if (t.wraps(0)) {
                    assertTrue(g.merged(ch -> ch / 8 * 8).hasCycle(), "negative control on " + t.describe());
                }
            }
        }
    }

    @Test
    void theIntermediateIsAPureFunctionOfSeedAndPacket() {
        KAryNCube t = new KAryNCube(8, 2, true);
        TwoPhaseRouting a = (TwoPhaseRouting) valiant(t, 5);
        TwoPhaseRouting b = (TwoPhaseRouting) valiant(t, 5);
        TwoPhaseRouting other = (TwoPhaseRouting) valiant(t, 6);
        int differ = 0;
        int[] seen = new int[t.routers()];
        for (long id = 0; id < 2000; id++) {
            assertEquals(a.intermediate(id, 0, 9), b.intermediate(id, 0, 9));
            differ += a.intermediate(id, 0, 9) != other.intermediate(id, 0, 9) ? 1 : 0;
            seen[a.intermediate(id, 0, 9)]++;
        }
        assertTrue(differ > 1500, "another seed, other choices: " + differ);
        for (int r = 0; r < t.routers(); r++) {
            assertTrue(seen[r] > 5, "router " + r + " chosen " + seen[r] + " times of 2000");
        }
        // ROMM stays in the quadrant of (1, 1) -> (3, 6): x in 1..3, y in 6, 7, 0, 1 (the - way is minimal)
        TwoPhaseRouting r = (TwoPhaseRouting) romm(t, 5);
        int[] ys = new int[8];
        for (long id = 0; id < 500; id++) {
            int m = r.intermediate(id, t.router(1, 1), t.router(3, 6));
            int x = t.coordinate(m, 0);
            int y = t.coordinate(m, 1);
            assertTrue(x >= 1 && x <= 3, "x " + x);
            assertTrue(y == 6 || y == 7 || y == 0 || y == 1, "y " + y);
            ys[y]++;
        }
        assertNotEquals(0, ys[7]);
        assertNotEquals(0, ys[0]);
    }
}
