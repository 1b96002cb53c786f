package org.fabrica.traffic.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class TraceReaderTest {
    private static final String HEADER = "fabrica-trace version 1 ranks 2\n";

    @Test
    void readsEveryOperationWithCommentsBlankLinesAndTabs() {
        String text = "# a ping-pong with everything in it\n"
                + "\n"
                + "fabrica-trace version 1 ranks 2   # two ranks\n"
                + "0 compute 1500\n"
                + "0\tsend 1 1024 7\n"
                + "1 recv 0 1024 7\n"
                + "0 isend 1 64 0 r0\n"
                + "0 irecv 1 64 1 r1\n"
                + "1 irecv 0 64 0 r5\n"
                + "1 isend 0 64 1 r6\n"
                + "0 wait r0\n"
                + "0 wait r1\n"
                + "1 waitall\n"
                + "   0 barrier\n"
                + "1 barrier\n"
                + "0 allreduce 8\n"
                + "1 allreduce 8 # comment after an event\n"
                + "0 alltoall 4096\r\n"
                + "1 alltoall 4096\n"
                + "0 bcast 1 256\n"
                + "1 bcast 1 256\n"
                + "0 reduce 0 8\n"
                + "1 reduce 0 8\n";
        Trace trace = TraceReader.parse(text, "all.trace");
        assertEquals(2, trace.ranks());
        assertEquals(List.of(new TraceEvent.Compute(1500), new TraceEvent.Send(1, 1024, 7),
                new TraceEvent.Isend(1, 64, 0, 0), new TraceEvent.Irecv(1, 64, 1, 1), new TraceEvent.Wait(0),
                new TraceEvent.Wait(1), new TraceEvent.Barrier(), new TraceEvent.Allreduce(8),
                new TraceEvent.Alltoall(4096), new TraceEvent.Bcast(1, 256), new TraceEvent.Reduce(0, 8)),
                trace.events(0));
        assertEquals(List.of(new TraceEvent.Recv(0, 1024, 7), new TraceEvent.Irecv(0, 64, 0, 5),
                new TraceEvent.Isend(0, 64, 1, 6), new TraceEvent.WaitAll(), new TraceEvent.Barrier(),
                new TraceEvent.Allreduce(8), new TraceEvent.Alltoall(4096), new TraceEvent.Bcast(1, 256),
                new TraceEvent.Reduce(0, 8)), trace.events(1));
    }

    @Test
    void aRequestIdMayBeReusedOnceCompletedAndARankMayHaveNoEvents() {
        Trace trace = TraceReader.parse("fabrica-trace version 1 ranks 3\n"
                + "0 isend 1 8 0 r0\n0 wait r0\n0 isend 1 8 0 r0\n0 waitall\n1 recv 0 8 0\n1 recv 0 8 0\n", "t");
        assertEquals(4, trace.events(0).size());
        assertEquals(List.of(), trace.events(2));
    }

    static Stream<Arguments> errors() {
        return Stream.of(
                Arguments.of(HEADER + "0 sned 1 8 0\n", 2, 3, "unknown operation 'sned'; did you mean 'send'?"),
                Arguments.of(HEADER + "0 send 1 8\n", 2, 11,
                        "missing argument <tag> of 'send <dest> <bytes> <tag>'; expected a tag"),
                Arguments.of(HEADER + "0 compute 5 6\n", 2, 13,
                        "extra argument '6'; 'compute <ns>' takes 1 argument(s)"),
                Arguments.of(HEADER + "0\n", 2, 2, "missing operation after rank 0"),
                Arguments.of(HEADER + "2 compute 5\n", 2, 1,
                        "rank 2 is out of range; the header (line 1) declares 2 rank(s), 0 to 1"),
                Arguments.of(HEADER + "0 send 5 8 0\n", 2, 8,
                        "destination rank 5 is out of range; the trace has 2 rank(s), 0 to 1"),
                Arguments.of(HEADER + "1 irecv 9 8 0 r0\n", 2, 9, "source rank 9 is out of range"),
                Arguments.of(HEADER + "0 send 1 -8 0\n", 2, 10, "bytes must be >= 0, got -8"),
                Arguments.of(HEADER + "0 send 1 8 -1\n", 2, 12,
                        "tag must be >= 0, got -1 (negative tags are reserved for expanded collectives)"),
                Arguments.of(HEADER + "0 compute 1.5\n", 2, 11, "expected ns (a whole number >= 0), got '1.5'"),
                Arguments.of(HEADER + "0 send 1 99999999999999999999 0\n", 2, 10,
                        "99999999999999999999 is too large for bytes; at most " + Long.MAX_VALUE),
                Arguments.of(HEADER + "0 send 1 8 2147483648\n", 2, 12, "is too large for tag; at most 2147483647"),
                Arguments.of(HEADER + "0 isend 1 8 0 5\n", 2, 15, "expected a request id r<n> (such as r0), got '5'"),
                Arguments.of(HEADER + "0 isend 1 8 0 r1\n0 wait r1\n0 wait r1\n", 4, 8,
                        "request r1 was already completed by the wait on line 3; a request is waited once"),
                Arguments.of(HEADER + "0 isend 1 8 0 r1\n0 waitall\n0 wait r1\n", 4, 8,
                        "request r1 was already completed by the wait on line 3"),
                Arguments.of(HEADER + "0 wait r4\n", 2, 8, "request r4 was never created on rank 0"),
                Arguments.of(HEADER + "0 isend 1 8 0 r1\n1 wait r1\n", 3, 8, "request r1 was never created on rank 1"),
                Arguments.of(HEADER + "0 isend 1 8 0 r1\n0 irecv 1 8 0 r1\n", 3, 15,
                        "request r1 is still pending (created on line 2); wait for it before reusing its id"),
                Arguments.of(HEADER + "0 compute 1\n0 irecv 1 8 0 r2\n0 compute 1\n", 3, 3,
                        "request r2 of rank 0 is never completed; expected a wait or waitall after it"),
                Arguments.of(HEADER + "0 compute 1\n" + HEADER, 3, 1,
                        "duplicate header; the header is on line 1 and a trace has one"),
                Arguments.of("# no header\n0 compute 1\n", 2, 1,
                        "missing header; expected 'fabrica-trace version 1 ranks <n>' before the first event"),
                Arguments.of("", 1, 1, "no header and no events"),
                Arguments.of("# only a comment\n", 1, 1, "no header and no events"),
                Arguments.of("fabrica-trace version 2 ranks 2\n", 1, 23,
                        "format version 2 is not supported; expected 1"),
                Arguments.of("fabrica-trace version 1 ranks 0\n", 1, 31, "the rank count must be >= 1, not 0"),
                Arguments.of("fabrica-trace version 1\n", 1, 24, "incomplete header; expected 'ranks' after the version"),
                Arguments.of("fabrica-trace version 1 nodes 4\n", 1, 25,
                        "expected 'ranks' after the version, got 'nodes'"),
                Arguments.of("fabrica-trace version 1 ranks 2 extra\n", 1, 33, "extra text 'extra' after the header"),
                Arguments.of(HEADER + "0 barrier\n1 allreduce 8\n", 3, 3,
                        "collective #1 of rank 1 is 'allreduce 8' but rank 0's, on line 2, is 'barrier'"),
                Arguments.of(HEADER + "0 allreduce 8\n1 allreduce 16\n", 3, 3,
                        "collective #1 of rank 1 is 'allreduce 16' but rank 0's, on line 2, is 'allreduce 8'"),
                Arguments.of(HEADER + "0 barrier\n0 barrier\n1 barrier\n", 3, 3,
                        "collective #2 of rank 0 has no counterpart on rank 1, which calls 1"),
                Arguments.of(HEADER + "1 alltoall 8\n", 2, 3,
                        "collective #1 of rank 1 has no counterpart on rank 0, which calls 0"),
                Arguments.of(HEADER + "\t 0  sned\n", 2, 6, "unknown operation 'sned'"),
                Arguments.of(HEADER + "0 bcast 2 8\n", 2, 9, "root rank 2 is out of range; the trace has 2 rank(s)"),
                Arguments.of(HEADER + "0 bcast 0 8\n1 bcast 1 8\n", 3, 3,
                        "collective #1 of rank 1 is 'bcast 1 8' but rank 0's, on line 2, is 'bcast 0 8'"),
                Arguments.of(HEADER + "0 reduce 0\n", 2, 11, "missing argument <bytes> of 'reduce <root> <bytes>'"));
    }

    @ParameterizedTest
    @MethodSource("errors")
    void rejectsBadInputAtTheLineAndColumnAtFault(String text, int line, int column, String message) {
        TraceFormatException e = assertThrows(TraceFormatException.class, () -> TraceReader.parse(text, "bad.trace"));
        assertEquals("bad.trace", e.source());
        assertEquals(line, e.line(), e.getMessage());
        assertEquals(column, e.column(), e.getMessage());
        assertTrue(e.problem().contains(message), () -> "'" + e.problem() + "' lacks '" + message + "'");
        assertTrue(e.getMessage().startsWith("bad.trace:" + line + ":" + column + ": "), e.getMessage());
    }

    @Test
    void anUnknownOperationFarFromAnyListsTheValidOnes() {
        TraceFormatException e = assertThrows(TraceFormatException.class,
                () -> TraceReader.parse(HEADER + "0 MPI_Gatherv 8\n", "t"));
        assertEquals("unknown operation 'MPI_Gatherv'; valid: compute, send, recv, isend, irecv, wait, waitall, "
                + "barrier, allreduce, alltoall, bcast, reduce", e.problem());
    }

    @Test
    void readsAFileAndNamesItInErrors(@TempDir Path dir) throws IOException {
        Path good = dir.resolve("good.trace");
        Files.writeString(good, HEADER + "0 send 1 8 0\n1 recv 0 8 0\n", StandardCharsets.UTF_8);
        assertEquals(new Trace(2, List.of(List.of(new TraceEvent.Send(1, 8, 0)), List.of(new TraceEvent.Recv(0, 8, 0)))),
                TraceReader.read(good));
        Path bad = dir.resolve("bad.trace");
        Files.writeString(bad, HEADER + "0 send 1 8\n", StandardCharsets.UTF_8);
        TraceFormatException e = assertThrows(TraceFormatException.class, () -> TraceReader.read(bad));
        assertTrue(e.getMessage().startsWith(bad + ":2:11: "), e.getMessage());
    }
}
