package org.fabrica.experiment.runner;

import static org.fabrica.experiment.runner.Fixtures.assertContains;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.example.fabrica.hops.HopCountFactory;
import org.fabrica.experiment.ExperimentException;
import org.fabrica.experiment.RunHandle;
import org.fabrica.experiment.RunState;
import org.fabrica.experiment.results.PointRecords;
import org.fabrica.sweep.PointResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A third party's statistics collector (docs/plugin-guide.md, section 12): registered as a service,
 * it is listed under concept {@code statistics} and selected by experiments, with no Fabrica code
 * edited; removed, it is refused again.
 */
class StatisticsPluginTest {
    @TempDir
    Path tmp;

    @Test
    void aRegisteredCollectorIsListedSelectedAndMeasures() {
        ProviderRegistry registry = ClasspathProviders.registry();
        HopCountFactory hops = new HopCountFactory();
        registry.add(hops, Map.of("fabrica.name", "hop-count", "fabrica.description", "hops of the measured packets",
                ProviderRegistry.BUNDLE_PROPERTY, "org.example.fabrica.hops", ProviderRegistry.VERSION_PROPERTY, "1.0.0"));
        assertTrue(registry.names("statistics").contains("hop-count"));
        assertEquals(List.of("limit"), registry.find("statistics", "hop-count").schema().names());

        String yaml = Fixtures.TINY + "statistics: [{collector: hop-count, label: hops, limit: 2}]\n";
        ExperimentRunner runner = new ExperimentRunner(registry);
        RunHandle h = runner.start(Fixtures.write(tmp, "h.yaml", yaml), Fixtures.options(tmp.resolve("out")), null);
        assertEquals(RunState.FINISHED, Fixtures.await(h));
        for (PointResult r : h.results()) {
            assertNull(r.failure(), r.failure());
            // the same packets as the steady collector's hops.avg, on a 4 x 4 torus at most 4 hops
            assertEquals(PointRecords.metric(r, "hops.avg"), PointRecords.metric(r, "hops.mean"), 1e-12);
            assertTrue(PointRecords.metric(r, "hops.max") <= 4);
            double above = PointRecords.metric(r, "hops.above");
            assertTrue(above > 0 && above < 1, "some uniform packets take 3 or 4 hops: " + above);
        }

        registry.remove(hops);
        ExperimentException e = assertThrows(ExperimentException.class, () -> runner.validate(
                Fixtures.write(tmp, "again.yaml", yaml), Fixtures.options(tmp.resolve("again"))));
        assertContains(e.getMessage(), "unknown statistics 'hop-count'");
    }
}
