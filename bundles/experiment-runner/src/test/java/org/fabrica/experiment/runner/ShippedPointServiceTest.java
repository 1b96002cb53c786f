package org.fabrica.experiment.runner;

import static org.fabrica.experiment.runner.Fixtures.assertContains;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.fabrica.stats.Metric;
import org.fabrica.sweep.PointResult;
import org.fabrica.sweep.ShippedExperiment;
import org.fabrica.sweep.ShippedResult;
import org.fabrica.sweep.SweepPoint;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A point shipped with the resolved experiment text runs on another launcher as it ran here (docs/architecture.md, "Cluster"). */
class ShippedPointServiceTest {
    private static final Set<String> WALL_TIME = Set.of("sim.wallSeconds", "sim.routerCyclesPerSecond", "sim.cpuSeconds",
            "sim.routerCyclesPerCpuSecond");

    @TempDir
    Path tmp;

    @Test
    void aShippedPointGivesTheLocalRunsMeasurementsAndNotes() throws Exception {
        List<PointResult> local = Fixtures.run(tmp, "tiny", Fixtures.TINY);
        String yaml = Files.readString(tmp.resolve("tiny").resolve("experiment.yaml"));
        ShippedPointService member = new ShippedPointService(Fixtures.registry());
        for (PointResult here : local) {
            SweepPoint p = here.point();
            ShippedResult there = member.run(new ShippedExperiment(p.experimentId(), yaml), p);
            PointResult r = there.result();
            assertNull(r.failure(), r.failure());
            assertEquals(p, r.point());
            assertEquals(measured(here), measured(r), p.pointId());
            assertEquals(here.notes(), r.notes(), p.pointId());
            assertEquals(Map.of(), there.files(), "a steady point writes no files");
        }
    }

    @Test
    void aShippedPointOfAVariantRunsOnItsVariantsPlan() throws Exception {
        String yaml = Fixtures.with(Fixtures.TINY, "loads: [0.05, 0.1]", "loads: [0.3]") + """
                variants:
                  - {label: deep, hardware.bufferFlits: 8}
                  - {label: shallow, hardware.bufferFlits: 2}
                """;
        List<PointResult> local = Fixtures.run(tmp, "variants", yaml);
        String text = Files.readString(tmp.resolve("variants").resolve("experiment.yaml"));
        ShippedPointService member = new ShippedPointService(Fixtures.registry());
        assertEquals(2, local.size());
        for (PointResult here : local) {
            PointResult r = member.run(new ShippedExperiment(here.point().experimentId(), text), here.point()).result();
            assertNull(r.failure(), r.failure());
            assertEquals(here.point(), r.point());
            assertEquals(measured(here), measured(r), here.point().pointId());
            assertEquals(here.notes().get("scheme"), r.notes().get("scheme"), "the variant's column");
        }
    }

    @Test
    void anExperimentThatResolvesToAnotherIdIsRefusedNamingBoth() throws Exception {
        List<PointResult> local = Fixtures.run(tmp, "tiny", Fixtures.TINY);
        String yaml = Files.readString(tmp.resolve("tiny").resolve("experiment.yaml"));
        SweepPoint p = local.get(0).point();
        PointResult r = new ShippedPointService(Fixtures.registry())
                .run(new ShippedExperiment("0123456789abcdef", yaml), new SweepPoint("0123456789abcdef", p.pointId(), 0))
                .result();
        assertTrue(r.failed());
        assertContains(r.failure(), "resolves to id " + p.experimentId() + " on this member, not 0123456789abcdef");

        PointResult noSuchPoint = new ShippedPointService(Fixtures.registry())
                .run(new ShippedExperiment(p.experimentId(), yaml), new SweepPoint(p.experimentId(), "nope", 0))
                .result();
        assertContains(noSuchPoint.failure(), "has no point nope at index 0");

        PointResult garbled = new ShippedPointService(Fixtures.registry())
                .run(new ShippedExperiment(p.experimentId(), "name: [unclosed"), p).result();
        assertTrue(garbled.failed() && !garbled.failure().isBlank(), String.valueOf(garbled.failure()));
    }

    /** A point that writes a space-time chart sends its files back, and they land where a local run writes them. */
    @Test
    void aPointsFilesComeBackAndAreWrittenIntoTheResultsFolder() throws Exception {
        String yaml = Fixtures.with(Fixtures.TINY, "seeds: [1]\n",
                "seeds: [1]\noutputs: {spaceTime: {start: 0, length: 40}}\n");
        List<PointResult> local = Fixtures.run(tmp, "charts", yaml);
        Path results = tmp.resolve("charts");
        String text = Files.readString(results.resolve("experiment.yaml"));
        SweepPoint p = local.get(0).point();
        ShippedResult there = new ShippedPointService(Fixtures.registry()).run(new ShippedExperiment(p.experimentId(),
                text), p);
        assertNull(there.result().failure(), there.result().failure());
        assertFalse(there.files().isEmpty(), "the chart files come back");
        Path elsewhere = tmp.resolve("submitter");
        RunPoints runner = new RunPoints(null, p.experimentId(), text, elsewhere);
        runner.accept(there);
        for (Map.Entry<String, byte[]> f : there.files().entrySet()) {
            assertTrue(f.getKey().startsWith("spacetime/"), f.getKey());
            assertArrayEquals(Files.readAllBytes(results.resolve(f.getKey())), Files.readAllBytes(elsewhere
                    .resolve(f.getKey())), f.getKey() + " as the local run wrote it");
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> RunPoints.write(elsewhere,
                "series/../../escape.csv", new byte[1]));
        assertContains(e.getMessage(), "must lie in series/ or spacetime/");
        assertThrows(IllegalArgumentException.class, () -> RunPoints.write(elsewhere, "run.json", new byte[1]));
    }

    private static Map<String, Double> measured(PointResult r) {
        Map<String, Double> m = new java.util.TreeMap<>();
        for (Metric x : r.metrics()) {
            if (!WALL_TIME.contains(x.name())) {
                m.put(x.name(), x.value());
            }
        }
        return m;
    }
}
