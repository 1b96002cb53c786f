package org.fabrica.experiment.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;
import org.fabrica.experiment.RunHandle;
import org.fabrica.experiment.RunState;
import org.fabrica.experiment.results.PointRecords;
import org.fabrica.experiment.runner.fixtures.KindedHardwareFactory;
import org.fabrica.experiment.runner.fixtures.KindedTorusFactory;
import org.fabrica.sweep.PointResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A topology with router kinds and a hardware model that describes each kind: the runner asks per kind. */
class RouterKindsRunTest {
    @TempDir
    Path tmp;

    private static final String KINDED = """
            name: kinded
            topology: {name: kinded-torus, k: 4, n: 2}
            hardware: {name: kinded, interfaceRoutingDelay: DELAY}
            traffic:
              packetFlits: 4
              patterns: [uniform]
            schemes:
              - label: dor
                routing: {name: dor, dateline: classic}
                queuing: {name: dateline}
            loads: [0.02]
            warmup: 300
            measure: 2000
            drain: 4000
            deadlockCycles: 2000
            seeds: [1]
            """;

    private final ExperimentRunner runner = new ExperimentRunner(registry());

    private static ProviderRegistry registry() {
        ProviderRegistry r = ClasspathProviders.registry();
        r.add(new KindedTorusFactory(), Map.of("fabrica.name", "kinded-torus", "fabrica.description",
                "torus with interface routers"));
        r.add(new KindedHardwareFactory(), Map.of("fabrica.name", "kinded", "fabrica.description",
                "interface routers with their own route delay"));
        return r;
    }

    private double latency(String yaml, String name) {
        Path file = Fixtures.write(tmp, name + ".yaml", yaml);
        RunHandle h = runner.start(file, Fixtures.options(tmp.resolve(name)), null);
        assertEquals(RunState.FINISHED, Fixtures.await(h));
        PointResult r = h.results().get(0);
        assertNull(r.failure(), r.failure());
        return PointRecords.metric(r, "latency.avg");
    }

    @Test
    void eachKindOfRouterIsBuiltFromItsOwnDescription() {
        double same = latency(KINDED.replace("DELAY", "1"), "same");
        double slow = latency(KINDED.replace("DELAY", "5"), "slow");
        // the same routers, asked for by kind, give what the plain torus of the generic router gives
        double plain = latency(KINDED.replace("{name: kinded-torus, k: 4, n: 2}", "{name: torus, k: 4, n: 2}")
                .replace("{name: kinded, interfaceRoutingDelay: DELAY}", "{name: generic, vcs: 2, bufferFlits: 8}"),
                "plain");
        assertEquals(plain, same, 1e-9);
        // routers alternate kinds along every path: a packet meets at least one interface (4 cycles more)
        assertTrue(slow - same > 2, "interface R = 5: " + slow + ", R = 1: " + same);
    }

    @Test
    void kindsThatCannotShareANetworkAreRefusedBeforeAnythingRuns() {
        String message = Fixtures.refused(runner, tmp, KINDED.replace("interfaceRoutingDelay: DELAY",
                "interfaceRoutingDelay: 1, interfaceVcs: 3"));
        Fixtures.assertContains(message, "VC count");
        Fixtures.assertContains(message, "'interface'");
    }
}
