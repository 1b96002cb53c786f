package org.fabrica.shell;

import static org.fabrica.shell.Fakes.metric;
import static org.fabrica.shell.Fakes.point;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class BenchTest {
    private static final Bench.Config TORUS8 = new Bench.Config("torus8x8-uniform-0.05", 64, 1000, 5000, 2000);

    @Test
    void lineCarriesRatesComputedFromThePointsMetrics() {
        String line = Bench.line(TORUS8, point(0, Map.of(), null, metric("sim.cycles", 60000),
                metric("sim.flitHops", 3_000_000), metric("sim.wallSeconds", 2.0), metric("latency.avg", 21.5),
                metric("accepted", 0.05)));
        assertEquals("BENCH config=torus8x8-uniform-0.05 routers=64 cycles=60000 wall_s=2.000"
                + " router_cycles_per_s=1920000 flit_hops_per_s=1500000 flits_delivered_per_s=96000"
                + " avg_latency=21.500 accepted=0.05000 status=ok", line);
    }

    @Test
    void saturatedPointSaysSoInItsStatus() {
        String line = Bench.line(TORUS8, point(0, Map.of("saturated", "true"), null, metric("sim.cycles", 1000),
                metric("sim.wallSeconds", 0.5), metric("accepted", 0.12)));
        assertTrue(line.endsWith(" status=saturated"), line);
    }

    @Test
    void everyFieldIsKeyEqualsValue() {
        String line = Bench.line(TORUS8, point(0, Map.of(), null, metric("sim.cycles", 100),
                metric("sim.wallSeconds", 0.5)));
        assertTrue(line.startsWith("BENCH "));
        for (String field : line.substring(6).split(" ")) {
            assertTrue(field.matches("[a-z_]+=[^ =]+"), field);
        }
    }

    @Test
    void missingMetricsPrintNaN() {
        String line = Bench.line(TORUS8, point(0, Map.of(), null, metric("sim.cycles", 1000)));
        assertTrue(line.contains(" cycles=1000 wall_s=NaN router_cycles_per_s=NaN flit_hops_per_s=NaN"), line);
        assertTrue(line.contains(" avg_latency=NaN accepted=NaN "), line);
    }

    @Test
    void failedPointGivesAFailedLineWithItsMessage() {
        String line = Bench.line(TORUS8, point(0, Map.of(), "deadlock: \"cycle\"\nof 4 channels"));
        assertEquals("BENCH config=torus8x8-uniform-0.05 routers=64 status=failed message=\"deadlock: 'cycle' of 4 channels\"",
                line);
    }

    @Test
    void everyConfigurationHasItsExperimentFile() {
        Path dir = Path.of("..", "..", "examples", "bench");
        Set<String> names = new HashSet<>();
        for (Bench.Config c : Bench.CONFIGS) {
            assertTrue(names.add(c.name()), "duplicate " + c.name());
            assertTrue(Files.isRegularFile(dir.resolve(c.fileName())), "missing " + dir.resolve(c.fileName()));
            assertTrue(c.routers() == 64 || c.routers() == 1024, c.name());
            assertTrue(c.name().startsWith(c.routers() == 64 ? "torus8x8-" : "torus32x32-"), c.name());
        }
        assertEquals(9, names.size());
    }

    @Test
    void quickWindowsAreShorterThanEveryFilesAndBoundTheSmoke() throws java.io.IOException {
        Path dir = Path.of("..", "..", "examples", "bench");
        long quick = 0;
        long full = 0;
        for (Bench.Config c : Bench.CONFIGS) {
            String yaml = Files.readString(dir.resolve(c.fileName()));
            long warmup = window(yaml, "warmup");
            long measure = window(yaml, "measure");
            long drain = window(yaml, "drain");
            assertTrue(c.quickWarmup() < warmup && c.quickMeasure() < measure && c.quickDrain() < drain, c.name());
            assertEquals(Map.of("warmup", "" + c.quickWarmup(), "measure", "" + c.quickMeasure(), "drain",
                    "" + c.quickDrain()), c.quickOverrides());
            quick += c.quickRouterCycles();
            full += c.routers() * (warmup + measure + drain);
        }
        // the saturated 32 x 32 points drain to the limit: with the files' drain, --quick simulated
        // up to 82 million router-cycles (minutes); now at most 20 million
        assertTrue(quick <= 20_000_000, "quick router-cycles " + quick);
        assertTrue(quick * 10 < full, quick + " against " + full);
    }

    private static long window(String yaml, String key) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("(?m)^" + key + ": (\\d+)$").matcher(yaml);
        assertTrue(m.find(), key);
        return Long.parseLong(m.group(1));
    }
}
