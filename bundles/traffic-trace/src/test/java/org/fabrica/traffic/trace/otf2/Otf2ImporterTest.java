package org.fabrica.traffic.trace.otf2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.fabrica.traffic.trace.Trace;
import org.fabrica.traffic.trace.TraceEvent;
import org.fabrica.traffic.trace.TraceReader;
import org.fabrica.traffic.trace.TraceReplay;
import org.fabrica.traffic.trace.TraceWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The importer on the archives of examples/traces/otf2, written by OTF2's own writer
 * (tools/otf2-samples/write_samples.py): the expected traces restate what that script records.
 */
class Otf2ImporterTest {
    /** examples/traces/otf2 from this module's directory. */
    static final Path SAMPLES = Path.of("..", "..", "examples", "traces", "otf2");

    @TempDir
    Path tmp;

    @Test
    void readsTheDefinitionsOfTheHaloArchive() {
        Otf2Archive a = Otf2Archive.open(SAMPLES.resolve("halo/traces.otf2"));
        assertEquals("3.0.2", a.version());
        assertEquals(2_400_000_000L, a.timerResolution());
        assertEquals(4, a.locationCount());
        assertEquals(4, a.locations().size());
        assertEquals("Master thread", a.locations().get(2).name());
        assertEquals(List.of("MPI_COMM_WORLD"), a.comms().values().stream().map(Otf2Archive.Comm::name).toList());
    }

    /** What write_samples.py's halo() records for rank r of 4, with MPI_Init first and MPI_Finalize last. */
    private static String halo() {
        StringBuilder sb = new StringBuilder(TraceWriter.header(4)).append('\n');
        for (int r = 0; r < 4; r++) {
            int left = (r + 3) % 4;
            int right = (r + 1) % 4;
            sb.append(r).append(" compute ").append(20_000 + 1_500 * r).append('\n');
            sb.append(r).append(" irecv ").append(left).append(" 65536 1 r0\n");
            sb.append(r).append(" isend ").append(right).append(" 65536 1 r1\n");
            sb.append(r).append(" wait r1\n");
            sb.append(r).append(" wait r0\n");
            sb.append(r).append(" compute 5000\n");
            if (r == 0) {
                sb.append("0 send 2 4 7\n");
            } else if (r == 2) {
                sb.append("2 recv 0 4 7\n");
            }
            sb.append(r).append(" allreduce 8\n");
            sb.append(r).append(" compute ").append(3_000 + 250 * r).append('\n');
            sb.append(r).append(" alltoall 1024\n");
            sb.append(r).append(" barrier\n");
        }
        return sb.toString();
    }

    @Test
    void importsTheHaloProgram() {
        Otf2Importer.Result result = Otf2Importer.importArchive(SAMPLES.resolve("halo/traces.otf2"), false);
        Trace expected = TraceReader.parse(halo(), "expected");
        assertEquals(TraceWriter.toText(expected), TraceWriter.toText(result.trace()));
        assertEquals(expected, result.trace());
        assertEquals(4 * 28_000 + 1_500 * 6 + 250 * 6, result.computeNanoseconds());
        assertEquals(Map.of(), result.skipped());
        assertEquals(0, result.droppedReceives());
        assertEquals(0, result.sendsCompletedAtEnd());
        // every send meets its receive: a replay would not block
        TraceReplay.Prepared prepared = TraceReplay.prepare(result.trace());
        assertEquals(List.of(), prepared.unmatchedReceives());
        assertEquals(List.of(), prepared.unmatchedSends());
    }

    @Test
    void readsEventFilesOfSeveralChunks() throws IOException {
        Path evt = SAMPLES.resolve("pingpong/traces/0.evt");
        assertTrue(Files.size(evt) > 256 * 1024, "the sample's rank 0 needs two chunks of 256 KiB");
        Trace trace = Otf2Importer.importArchive(SAMPLES.resolve("pingpong/traces.otf2"), false).trace();
        for (int r = 0; r < 2; r++) {
            List<TraceEvent> events = trace.events(r);
            assertEquals(3 * 4_000, events.size());
            for (int i = 0; i < 4_000; i++) {
                TraceEvent first = events.get(3 * i);
                TraceEvent second = events.get(3 * i + 1);
                if (r == 0) {
                    assertEquals(new TraceEvent.Send(1, 8, 0), first, "round " + i);
                    assertEquals(new TraceEvent.Recv(1, 8, 0), second, "round " + i);
                } else {
                    assertEquals(new TraceEvent.Recv(0, 8, 0), first, "round " + i);
                    assertEquals(new TraceEvent.Send(0, 8, 0), second, "round " + i);
                }
                assertEquals(new TraceEvent.Compute(1_000), events.get(3 * i + 2), "round " + i);
            }
        }
    }

    @Test
    void aBroadcastBecomesBcastWithTheSizeTheReceiversRecorded() {
        Otf2Importer.Result result = Otf2Importer.importArchive(SAMPLES.resolve("bcast/traces.otf2"), false);
        assertEquals(Map.of(), result.skipped());
        for (int r = 0; r < 4; r++) {
            assertEquals(List.of(new TraceEvent.Compute(10_000), new TraceEvent.Bcast(0, 4_096), new TraceEvent.Barrier()),
                    result.trace().events(r));
        }
    }

    @Test
    void peersOnOtherCommunicatorsAreWorldRanksAndTheirCollectivesAreRefused() {
        Path comms = SAMPLES.resolve("comms/traces.otf2");
        Otf2FormatException e = assertThrows(Otf2FormatException.class, () -> Otf2Importer.importArchive(comms, false));
        assertTrue(e.getMessage().contains("MPI_Barrier on 'even' has no counterpart"), e.getMessage());

        Otf2Importer.Result result = Otf2Importer.importArchive(comms, true);
        Trace expected = TraceReader.parse(TraceWriter.header(4) + "\n"
                + "0 compute 1000\n0 send 2 100 3\n0 irecv 0 8 5 r0\n0 isend 0 8 5 r1\n0 wait r1\n0 wait r0\n"
                + "0 compute 2000\n0 barrier\n"
                + "1 compute 1000\n1 isend 3 200 4 r0\n1 wait r0\n1 compute 2000\n1 barrier\n"
                + "2 compute 1000\n2 recv 0 100 3\n2 compute 2000\n2 barrier\n"
                + "3 compute 1000\n3 irecv 1 200 4 r0\n3 wait r0\n3 compute 2000\n3 barrier\n", "expected");
        assertEquals(TraceWriter.toText(expected), TraceWriter.toText(result.trace()));
        assertEquals(Map.of("MPI_Barrier on 'even'", 2L, "MPI_Barrier on 'odd'", 2L), result.skipped());
        assertEquals(1, result.droppedReceives(), "rank 3's cancelled receive");
    }

    private Path copy(String archive) throws IOException {
        Path from = SAMPLES.resolve(archive);
        Path to = tmp.resolve(archive);
        try (Stream<Path> all = Files.walk(from)) {
            for (Path p : all.sorted(Comparator.naturalOrder()).toList()) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target);
                }
            }
        }
        return to.resolve("traces.otf2");
    }

    @Test
    void aTruncatedEventFileIsNamedWithItsOffset() throws IOException {
        Path anchor = copy("halo");
        Path evt = anchor.resolveSibling("traces").resolve("1.evt");
        byte[] bytes = Files.readAllBytes(evt);
        Files.write(evt, java.util.Arrays.copyOf(bytes, bytes.length - 40));
        Otf2FormatException e = assertThrows(Otf2FormatException.class, () -> Otf2Importer.importArchive(anchor, false));
        assertTrue(e.getMessage().startsWith(evt.toString() + ": byte "), e.getMessage());
        assertTrue(e.getMessage().contains("truncated"), e.getMessage());
    }

    @Test
    void aMissingDefinitionsFileSaysWhatAnArchiveIs() throws IOException {
        Path anchor = copy("halo");
        Files.delete(anchor.resolveSibling("traces.def"));
        Otf2FormatException e = assertThrows(Otf2FormatException.class, () -> Otf2Archive.open(anchor));
        assertTrue(e.getMessage().contains("traces.def: no such file"), e.getMessage());
        assertTrue(e.getMessage().contains("copy all three"), e.getMessage());
    }

    @Test
    void refusesCompressedAndSionArchivesAndOtherFiles() throws IOException {
        Path anchor = copy("halo");
        byte[] bytes = Files.readAllBytes(anchor);
        // after the header (2), "OTF2\0" (5), anchor and trace format (2), version (3), two chunk sizes (16)
        assertEquals(1, bytes[28], "substrate POSIX");
        assertEquals(1, bytes[29], "no compression");
        byte[] zlib = bytes.clone();
        zlib[29] = 2;
        Files.write(anchor, zlib);
        Otf2FormatException e = assertThrows(Otf2FormatException.class, () -> Otf2Archive.open(anchor));
        assertTrue(e.getMessage().contains("compressed"), e.getMessage());
        byte[] sion = bytes.clone();
        sion[28] = 2;
        Files.write(anchor, sion);
        e = assertThrows(Otf2FormatException.class, () -> Otf2Archive.open(anchor));
        assertTrue(e.getMessage().contains("(SION)"), e.getMessage());

        Path text = tmp.resolve("not.otf2");
        Files.writeString(text, "fabrica-trace version 1 ranks 1\n");
        e = assertThrows(Otf2FormatException.class, () -> Otf2Archive.open(text));
        assertTrue(e.getMessage().contains("not an OTF2 file"), e.getMessage());
        Path other = tmp.resolve("x.trace");
        Files.writeString(other, "");
        e = assertThrows(Otf2FormatException.class, () -> Otf2Archive.open(other));
        assertTrue(e.getMessage().contains("is not an OTF2 anchor file"), e.getMessage());
    }

    @Test
    void aFolderWithOneAnchorFileIsThatArchive() {
        Otf2Archive a = Otf2Archive.open(SAMPLES.resolve("halo"));
        assertEquals("traces.otf2", a.anchor().getFileName().toString());
    }
}
