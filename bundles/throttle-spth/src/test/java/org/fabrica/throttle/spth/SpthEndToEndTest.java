package org.fabrica.throttle.spth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import org.junit.jupiter.api.Test;

/**
 * The incremental SPTh in the real flit network gives exactly the run of the straightforward
 * implementation: same delivered count, duration, latency sum and flit hops (8x8 torus, 3 VCs x
 * 16 flits, virtual cut-through, th(8) and th(0)).
 */
class SpthEndToEndTest {
    private static SpthRuns.Outcome run(String pattern, int collective, double load, int margin, SpthRuns.Throttling t) {
        return run(pattern, collective, load, margin, false, t);
    }

    private static SpthRuns.Outcome run(String pattern, int collective, double load, int margin, boolean credits,
            SpthRuns.Throttling t) {
        SpthRuns runs = new SpthRuns();
        runs.credits = credits;
        runs.k = 8;
        runs.pattern = pattern;
        runs.collective = collective;
        runs.load = load;
        runs.margin = margin;
        runs.maxCycles = collective > 0 ? 200_000 : 6_000;
        runs.throttling = t;
        return runs.run();
    }

    private static void same(String pattern, int collective, double load, int margin) {
        same(pattern, collective, load, margin, false);
    }

    private static void same(String pattern, int collective, double load, int margin, boolean credits) {
        SpthRuns.Outcome reference = run(pattern, collective, load, margin, credits, SpthRuns.Throttling.REFERENCE);
        SpthRuns.Outcome fast = run(pattern, collective, load, margin, credits, SpthRuns.Throttling.SPTH);
        String what = pattern + (collective > 0 ? " collective K=" + collective : " load " + load) + " th(" + margin + ")"
                + (credits ? " credits" : "");
        assertEquals(reference.delivered(), fast.delivered(), what + ": delivered");
        assertEquals(reference.cycles(), fast.cycles(), what + ": duration");
        assertEquals(reference.latencySum(), fast.latencySum(), what + ": latency sum");
        assertEquals(reference.flitHops(), fast.flitHops(), what + ": flit hops");
        assertEquals(reference.generated(), fast.generated(), what + ": generated");
    }

    @Test
    void collectiveBitcompAndUniformRunsAreIdentical() {
        same("bitcomp", 10, 0, 8);
        same("uniform", 10, 0, 8);
        same("bitcomp", 10, 0, 0);
        same("uniform", 10, 0, 8, true); // the network's bulk credit answer
    }

    @Test
    void aSteadyRunBeyondSaturationIsIdentical() {
        same("uniform", 0, 0.5, 8);
        same("bitcomp", 0, 0.5, 0);
        same("uniform", 0, 0.5, 3, true);
    }

    @Test
    void theThrottleActuallyChangesTheCollectiveRun() {
        // otherwise the identities above would hold for a throttle that never throttles
        // (bitcomp on 8x8 with DOR is contention-free, so th(8) changes nothing there; uniform is not)
        SpthRuns.Outcome none = run("uniform", 10, 0, 8, SpthRuns.Throttling.NONE);
        SpthRuns.Outcome spth = run("uniform", 10, 0, 8, SpthRuns.Throttling.SPTH);
        assertEquals(none.delivered(), spth.delivered());
        assertNotEquals(none.cycles(), spth.cycles(), "th(8) must hold some packets back on uniform");
    }
}
