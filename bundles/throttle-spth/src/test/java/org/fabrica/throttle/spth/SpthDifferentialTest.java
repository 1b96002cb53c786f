package org.fabrica.throttle.spth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.SplittableRandom;
import org.fabrica.params.Parameters;
import org.fabrica.topology.CartesianTopology;
import org.junit.jupiter.api.Test;

/**
 * The incremental {@link SpthThrottle} against the straightforward {@link ReferenceSpthThrottle}
 * on random scripted busy-state histories: every register of every router, port and VC is
 * compared in every cycle, along with the admit decision.
 */
class SpthDifferentialTest {
    @Test
    void incrementalRegistersEqualTheStraightforwardOnesEveryCycleOnTori() {
        long seed = 100;
        for (boolean credits : new boolean[] {false, true}) {
            for (int length : new int[] {-1, 1, 3, 64}) {
                compare(ScriptedContext.torus(4, 2), 3, length, 8, credits, seed++);
                compare(ScriptedContext.torus(8, 2), 3, length, 0, credits, seed++);
            }
        }
    }

    @Test
    void incrementalRegistersEqualTheStraightforwardOnesEveryCycleOnAMesh() {
        long seed = 200;
        for (boolean credits : new boolean[] {false, true}) {
            for (int length : new int[] {-1, 2, 64}) {
                compare(ScriptedContext.mesh(5, 2), 2, length, 8, credits, seed++);
                compare(ScriptedContext.mesh(4, 2), 3, length, 3, credits, seed++);
            }
        }
    }

    /**
     * Histories alternate busy phases (buffers flip state with some probability each cycle, with
     * margin-edge values) and quiet phases (nothing changes, so the incremental version must let
     * the change wave run out exactly); cycles are sometimes skipped or repeated, as the throttle
     * API allows.
     */
    private static void compare(CartesianTopology topo, int vcs, int length, int margin, boolean credits, long seed) {
        ScriptedContext c = new ScriptedContext(topo, vcs);
        SpthParameters parameters = Parameters.bind(SpthParameters.class, Map.of("length", length, "margin", margin,
                "busySource", credits ? "credits" : "input-buffer"), "spth");
        SpthThrottle fast = (SpthThrottle) new SpthThrottleFactory().create(c, parameters);
        ReferenceSpthThrottle reference = new ReferenceSpthThrottle(c, parameters);
        SplittableRandom random = new SplittableRandom(seed);
        int[] script = credits ? c.credits : c.inputFree;
        int[] other = credits ? c.inputFree : c.credits;
        long now = random.nextInt(3);
        long nonZero = 0;
        long compared = 0;
        for (int step = 0; step < 400; step++) {
            boolean quiet = (step / 40) % 2 == 1 && random.nextInt(8) != 0;
            if (!quiet) {
                double flip = random.nextInt(4) == 0 ? 0.3 : 0.02;
                for (int i = 0; i < script.length; i++) {
                    if (random.nextDouble() < flip) {
                        // values around the margin: margin is busy, margin + 1 is ready
                        script[i] = Math.max(0, margin - 1 + random.nextInt(3));
                    }
                }
                for (int i = 0; i < other.length; i++) {
                    other[i] = random.nextInt(ScriptedContext.CAPACITY + 1); // must not matter
                }
            }
            int gap = random.nextInt(20) == 0 ? 2 + random.nextInt(6) : random.nextInt(30) == 0 ? 0 : 1;
            now += gap;
            fast.cycle(now);
            reference.cycle(now);
            for (int r = 0; r < topo.routers(); r++) {
                for (int p = 0; p < topo.ports(r); p++) {
                    for (int v = 0; v < vcs; v++) {
                        long expected = reference.register(r, p, v);
                        assertEquals(expected, fast.register(r, p, v), topo.describe() + (credits ? " credits" : "")
                                + " L=" + length + " margin " + margin + ": router " + r + " port " + p + " VC " + v
                                + " cycle " + now);
                        assertEquals(reference.admit(r, p, v, null, now), fast.admit(r, p, v, null, now));
                        if (expected != 0) {
                            nonZero++;
                        }
                        compared++;
                    }
                }
            }
        }
        // the history must exercise both states, or the comparison proves little
        assertTrue(nonZero > 0 && nonZero < compared, "busy registers " + nonZero + " of " + compared);
    }
}
