package org.fabrica.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.fabrica.traffic.trace.PtransGenerator;
import org.fabrica.traffic.trace.PtransParameters;
import org.fabrica.traffic.trace.Trace;
import org.fabrica.traffic.trace.TraceReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code fabrica trace generate ptrans} and {@code fabrica trace check}. */
class TraceCommandsTest {
    private final CliHarness cli = new CliHarness();

    @TempDir
    Path tmp;

    private int run(String... args) {
        return cli.run(args);
    }

    private String out() {
        return cli.out();
    }

    private String err() {
        return cli.err();
    }

    @Test
    void generateWritesTheGeneratorsTraceToAFile() throws Exception {
        Path f = tmp.resolve("p.trace");
        assertEquals(0, run("trace", "generate", "ptrans", "--ranks", "12", "--order", "60", "--iterations", "2",
                "--compute-per-element", "0.5", "--barrier", "-o", f.toString()), err());
        Trace expected = PtransGenerator.generate(PtransParameters.of(12, 60).withIterations(2).withCompute(0.5, 0)
                .withBarrier(true));
        assertEquals(expected, TraceReader.read(f));
        assertTrue(out().contains("12 ranks (3 x 4 grid), order 60, 2 iteration(s)"), out());
        try (var files = Files.list(tmp)) {
            assertEquals(1, files.count(), "no temporary file left behind");
        }
    }

    @Test
    void generateWithAGridPrintsToStandardOutput() {
        assertEquals(0, run("trace", "generate", "ptrans", "--grid", "2x3", "--order", "6"), err());
        assertTrue(out().startsWith("fabrica-trace version 1 ranks 6"), out());
        assertTrue(out().contains("0 irecv 1 16 0 r0"), out());
    }

    @Test
    void badGeneratorArgumentsAreBadInput() {
        assertEquals(2, run("trace", "generate", "ptrans", "--ranks", "4", "--grid", "2x2", "--order", "8"));
        assertTrue(err().contains("give either --ranks or --grid PxQ, not both"), err());
        assertEquals(2, run("trace", "generate", "ptrans", "--grid", "2by2", "--order", "8"));
        assertTrue(err().contains("--grid 2by2 is not a grid"), err());
        assertEquals(2, run("trace", "generate", "ptrans", "--ranks", "16", "--order", "2"));
        assertTrue(err().contains("matrix order 2 is below the grid's larger side 4"), err());
        assertEquals(2, run("trace", "generate", "fft", "--ranks", "4"));
        assertEquals(2, run("trace"));
        assertTrue(err().contains("trace needs a subcommand: generate, import or check"), err());
    }

    /** The OTF2 samples of examples/traces/otf2, from this module's directory. */
    private static final Path OTF2 = Path.of("..", "..", "examples", "traces", "otf2");

    @Test
    void importConvertsAnOtf2ArchiveAndSaysWhatItHolds() throws Exception {
        Path f = tmp.resolve("halo.trace");
        assertEquals(0, run("trace", "import", OTF2.resolve("halo/traces.otf2").toString(), "-o", f.toString()), err());
        Trace trace = TraceReader.read(f);
        assertEquals(4, trace.ranks());
        assertEquals(org.fabrica.traffic.trace.otf2.Otf2Importer.importArchive(OTF2.resolve("halo/traces.otf2"), false)
                .trace(), trace);
        assertTrue(out().contains("4 ranks, 42 events from"), out());
        assertTrue(out().contains("(OTF2 3.0.2, 2.400e+09 ticks per second)"), out());
        assertTrue(out().contains("33 messages of 274500 bytes with collectives expanded, 122.5 us of computation over all ranks"), out());
        assertFalse(out().contains("without a matching"), out());
    }

    @Test
    void importRefusesWhatTheFormatCannotHoldUnlessTold() throws Exception {
        Path f = tmp.resolve("comms.trace");
        String comms = OTF2.resolve("comms/traces.otf2").toString();
        assertEquals(2, run("trace", "import", comms, "-o", f.toString()));
        assertTrue(err().contains("MPI_Barrier on 'even' has no counterpart in Fabrica's trace format"), err());
        assertFalse(Files.exists(f), "nothing written");
        assertEquals(0, run("trace", "import", comms, "--skip-unsupported", "-o", f.toString()), err());
        assertTrue(out().contains("left out (--skip-unsupported): 2 x MPI_Barrier on 'even'"), out());
        assertTrue(out().contains("left out: 1 receive(s) posted but never completed"), out());
        assertEquals(2, run("trace", "import", tmp.resolve("none.otf2").toString()));
        assertTrue(err().contains("none.otf2: no such file"), err());
    }

    @Test
    void checkTellsWhatATraceHoldsAndWhatIsUnmatched() throws Exception {
        Path f = tmp.resolve("t.trace");
        Files.writeString(f, "fabrica-trace version 1 ranks 2\n0 send 1 8 0\n0 barrier\n1 recv 0 8 3\n1 barrier\n");
        assertEquals(0, run("trace", "check", f.toString()), err());
        // the barrier of each rank becomes irecv, isend, wait, wait (docs/traces.md, "Collectives")
        assertTrue(out().contains("2 ranks, 4 events; 10 events and 3 messages of 8 bytes with collectives expanded"), out());
        assertTrue(out().contains("1 receives without a matching send (a replay blocks on them):\n  rank 1, event 0 (recv 0 8 3)"),
                out());
        assertTrue(out().contains("1 sends without a matching receive:\n  rank 0, event 0 (send 1 8 0)"), out());
    }

    @Test
    void checkReportsSyntaxErrorsWithLineAndColumn() throws Exception {
        Path f = tmp.resolve("bad.trace");
        Files.writeString(f, "fabrica-trace version 1 ranks 2\n0 sned 1 8 0\n");
        assertEquals(2, run("trace", "check", f.toString()));
        assertTrue(err().contains(f + ":2:"), err());
        assertFalse(err().contains("Exception"), err());
        assertEquals(2, run("trace", "check", tmp.resolve("none.trace").toString()));
        assertTrue(err().contains("no such trace file"), err());
        assertTrue(err().contains("(fabrica trace check --help for details)"), err());
    }

    @Test
    void filesThatCannotBeReadOrWrittenAreBadInputNamingWhy() throws Exception {
        Path binary = Files.write(tmp.resolve("b.trace"), new byte[] {(byte) 0xff, (byte) 0xfe, 0, 1, (byte) 0xc3});
        assertEquals(2, run("trace", "check", binary.toString()));
        assertTrue(err().contains("is not a trace file: it is not UTF-8 text"), err());
        assertEquals(2, run("trace", "check", tmp.toString()));
        assertTrue(err().contains(tmp + " is a folder; give a trace file"), err());
        Path folder = Files.createDirectory(tmp.resolve("out"));
        assertEquals(2, run("trace", "generate", "ptrans", "--ranks", "4", "--order", "8", "-o", folder.toString()));
        assertTrue(err().contains("-o " + folder + " is a folder; give the trace file's name"), err());
        assertEquals(2, run("trace", "import", OTF2.resolve("halo/traces.otf2").toString(), "-o", folder.toString()));
        assertTrue(err().contains("is a folder"), err());
        Path missing = tmp.resolve("no-such-folder").resolve("p.trace");
        assertEquals(2, run("trace", "generate", "ptrans", "--ranks", "4", "--order", "8", "-o", missing.toString()));
        assertTrue(err().contains("does not exist; create it first"), err());
        try (var files = Files.list(tmp)) {
            assertEquals(List.of("b.trace", "out"), files.map(f -> f.getFileName().toString()).sorted().toList(),
                    "nothing written, no temporary file left");
        }
        try (var files = Files.list(folder)) {
            assertEquals(0, files.count());
        }
    }

    @Test
    void aPlaceThatCannotBeWrittenIsNamedWithTheReason() throws Exception {
        Path ro = Files.createDirectory(tmp.resolve("ro"));
        assertTrue(ro.toFile().setWritable(false));
        try {
            Path place = ro;
            if (Files.isWritable(ro)) {
                // root writes in a read-only folder; Linux's sysfs refuses a new file even to root
                place = Path.of("/sys");
                org.junit.jupiter.api.Assumptions.assumeTrue(Files.isDirectory(place),
                        "running as a user who may write anywhere, on a system without /sys");
            }
            Path target = place.resolve("fabrica-test-p.trace");
            assertEquals(2, run("trace", "generate", "ptrans", "--ranks", "4", "--order", "8", "-o", target.toString()));
            assertTrue(err().contains("cannot write " + target + ": permission denied"), err());
            assertFalse(Files.exists(target), "nothing written");
            try (var files = Files.list(ro)) {
                assertEquals(0, files.count(), "no temporary file left");
            }
        } finally {
            ro.toFile().setWritable(true);
        }
    }
}
