package org.fabrica.experiment.runner;

import static org.fabrica.experiment.runner.Fixtures.assertContains;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.fabrica.experiment.ExperimentException;
import org.fabrica.experiment.RunHandle;
import org.fabrica.experiment.RunOptions;
import org.fabrica.experiment.RunState;
import org.fabrica.experiment.file.ExperimentDocument;
import org.fabrica.experiment.plan.ExperimentSpec;
import org.fabrica.experiment.plan.SweepPlan;
import org.fabrica.experiment.results.PointRecords;
import org.fabrica.sweep.PointResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code traffic.packetBytes}, the packet length in bytes: converted once with the hardware's flit
 * size, refused when it is not a whole number of flits, and exclusive with {@code packetFlits}.
 */
class PacketBytesTest {
    @TempDir
    Path tmp;

    private final ExperimentRunner runner = new ExperimentRunner(Fixtures.registry());

    /** The tiny experiment on 64-byte flits with its packet length given as {@code length}. */
    private static String tiny64(String length) {
        return Fixtures.with(Fixtures.with(Fixtures.TINY, "hardware: {name: generic, vcs: 2, bufferFlits: 8}",
                "hardware: {name: generic, vcs: 2, bufferFlits: 8, flitBytes: 64}"), "packetFlits: 4", length);
    }

    private static SweepPlan plan(String yaml, Map<String, String> overrides) {
        ExperimentDocument doc = ExperimentDocument.parse("t.yaml", yaml, overrides);
        return SweepPlan.resolve(doc, StudyFiles.spec(doc), Fixtures.registry());
    }

    private String refused(String yaml, Map<String, String> overrides) {
        Path file = Fixtures.write(tmp, "bad.yaml", yaml);
        Path out = tmp.resolve("out");
        ExperimentException e = assertThrows(ExperimentException.class,
                () -> runner.validate(file, new RunOptions(out, false, 1, overrides, false)));
        assertFalse(Files.exists(out), "nothing may be written for a refused experiment");
        return e.getMessage();
    }

    private String refused(String yaml) {
        return refused(yaml, Map.of());
    }

    @Test
    void packetBytesAreConvertedOnceWithTheHardwaresFlitSize() {
        ExperimentDocument doc = ExperimentDocument.parse("t.yaml", tiny64("packetBytes: 4096"), Map.of());
        ExperimentSpec spec = StudyFiles.spec(doc);
        assertEquals(0, spec.packetFlits(), "the flit count is not known before the hardware is");
        assertEquals(4096, spec.packetBytes());
        SweepPlan plan = SweepPlan.resolve(doc, spec, Fixtures.registry());
        assertEquals(64, plan.packetFlits(), "4096 bytes of 64-byte flits");
        assertContains(plan.summary(), "uniform; 64-flit packets (4096 bytes of 64-byte flits), injection bernoulli");

        // the resolved file gives the converted length, keeps the bytes in its provenance, and runs again
        String resolved = plan.resolvedYaml("9.9.9", "now");
        assertContains(resolved, "traffic:\n  packetFlits: 64\n");
        assertContains(resolved, "  packetBytes: 4096\n");
        ExperimentDocument again = ExperimentDocument.parse("resolved.yaml", resolved, Map.of());
        assertEquals(plan.experimentId(), SweepPlan.resolve(again, StudyFiles.spec(again), Fixtures.registry())
                .experimentId());
        // the same simulation as 64 flits given as such, not the same as 4 flits
        assertEquals(plan.experimentId(), plan(tiny64("packetFlits: 64"), Map.of()).experimentId());
        assertNotEquals(plan.experimentId(), plan(tiny64("packetFlits: 4"), Map.of()).experimentId());

        // the generic hardware's default flit size is 16 bytes: 64 bytes are the tiny experiment's 4 flits
        SweepPlan defaults = plan(Fixtures.with(Fixtures.TINY, "packetFlits: 4", "packetBytes: 64"), Map.of());
        assertEquals(4, defaults.packetFlits());
        assertEquals(plan(Fixtures.TINY, Map.of()).experimentId(), defaults.experimentId());
        // a flit size given on the command line is the one used
        assertEquals(128, plan(Fixtures.with(Fixtures.TINY, "packetFlits: 4", "packetBytes: 4096"),
                Map.of("hardware.flitBytes", "32")).packetFlits());
    }

    @Test
    void aPointSimulatesPacketsOfTheConvertedLength() {
        // one packet per node, to the same destinations over the same routes: flit hops grow with the length
        String once = "patterns: [uniform]\n  injection: {name: once, at: 400}";
        PointResult bytes = runOnePoint("bytes", tiny64("packetBytes: 4096").replace("patterns: [uniform]", once));
        PointResult flits = runOnePoint("flits", tiny64("packetFlits: 4").replace("patterns: [uniform]", once));
        assertEquals(16, PointRecords.metric(bytes, "packets.delivered"));
        assertEquals(16, PointRecords.metric(flits, "packets.delivered"));
        double hops4 = PointRecords.metric(flits, "sim.flitHops");
        assertEquals(16 * hops4, PointRecords.metric(bytes, "sim.flitHops"), "64-flit packets move 16 times the flits");
    }

    private PointResult runOnePoint(String name, String yaml) {
        String text = yaml.replace("loads: [0.05, 0.1]", "loads: [0.05]") + "outputs: {plots: false, report: false}\n";
        RunHandle h = runner.start(Fixtures.write(tmp, name + ".yaml", text), Fixtures.options(tmp.resolve(name)), null);
        assertEquals(RunState.FINISHED, Fixtures.await(h));
        PointResult r = h.results().get(0);
        assertEquals("generation stopped and every packet delivered", r.notes().get("end"), r.notes().toString());
        return r;
    }

    @Test
    void bytesThatAreNotWholeFlitsAreRefusedWithTheNearestValidSizes() {
        String msg = refused(tiny64("packetBytes: 4000"));
        assertEquals(tmp.resolve("bad.yaml") + ":6:16: traffic.packetBytes = 4000 is not a multiple of the hardware's flit size "
                + "(64 bytes, hardware generic); use 3968 or 4032, or packetFlits", msg);
        assertContains(refused(tiny64("packetBytes: 10")), "traffic.packetBytes = 10 is not a multiple of the "
                + "hardware's flit size (64 bytes, hardware generic); use 64, or packetFlits");
        // the default flit size (16 bytes), and the flit size of an override, are the ones checked
        assertContains(refused(Fixtures.with(Fixtures.TINY, "packetFlits: 4", "packetBytes: 4100")),
                "use 4096 or 4112, or packetFlits");
        String set = refused(Fixtures.with(Fixtures.TINY, "packetFlits: 4", "packetBytes: 4096"),
                Map.of("hardware.flitBytes", "48"));
        assertContains(set, "traffic.packetBytes = 4096 is not a multiple of the hardware's flit size (48 bytes, "
                + "hardware generic); use 4080 or 4128, or packetFlits");
        // more flits than a packet may have
        assertContains(refused(tiny64("packetBytes: 128000000")), "traffic.packetBytes = 128000000 is 2000000 flits "
                + "of the hardware's flit size (64 bytes, hardware generic), more than 1000000; use at most 64000000 bytes");
        assertContains(refused(tiny64("packetBytes: 0")), "traffic.packetBytes = 0 is out of range; use 1 .. ");
        assertContains(refused(tiny64("packetBytes: 4096.5")), "traffic.packetBytes must be a whole number");
    }

    @Test
    void bothOrNeitherPacketLengthIsRefused() {
        String both = refused(tiny64("packetFlits: 4\n  packetBytes: 256"));
        assertContains(both, "bad.yaml:7:16: traffic.packetFlits and traffic.packetBytes are both given; give the "
                + "packet length once, in flits (packetFlits) or in bytes (packetBytes, converted with the hardware's "
                + "flit size): remove one of them from the file");
        String neither = refused(Fixtures.with(Fixtures.TINY, "  packetFlits: 4\n", ""));
        assertContains(neither, "bad.yaml:6:3: the packet length is required: give traffic.packetFlits (in flits, "
                + "e.g. packetFlits: 8) or traffic.packetBytes (in bytes, a multiple of the hardware's flit size, e.g. "
                + "packetBytes: 4096)");
        assertContains(refused(tiny64("packetFlits: null")), "the packet length is required");

        // an override that adds bytes to a file with flits is named, with the override that drops the flits
        String set = refused(Fixtures.TINY, Map.of("traffic.packetBytes", "4096"));
        assertContains(set, "--set traffic.packetBytes=4096: traffic.packetFlits and traffic.packetBytes are both "
                + "given");
        assertContains(set, "add --set traffic.packetFlits=null to drop the file's packetFlits, or remove it from the "
                + "file");
        Map<String, String> overrides = new LinkedHashMap<>();
        overrides.put("traffic.packetBytes", "4096");
        overrides.put("traffic.packetFlits", "null");
        assertEquals(256, plan(Fixtures.TINY, overrides).packetFlits(), "4096 bytes of the default 16-byte flits");
        // and the other way round
        String flitsSet = refused(Fixtures.with(Fixtures.TINY, "packetFlits: 4", "packetBytes: 64"),
                Map.of("traffic.packetFlits", "8"));
        assertContains(flitsSet, "--set traffic.packetFlits=8: traffic.packetFlits and traffic.packetBytes are both "
                + "given");
        assertContains(flitsSet, "add --set traffic.packetBytes=null to drop the file's packetBytes");
    }

    @Test
    void modeM2nHasNoPacketLengthOfItsOwn() {
        String msg = refused(M2nModeTest.SIX_TO_TEN + "traffic: {packetBytes: 256}\n");
        assertContains(msg, "'traffic' is not used in mode m2n");
        assertContains(msg, "its packets are the hardware's maximum-payload packets, so packetFlits and packetBytes "
                + "do not apply");
    }
}
