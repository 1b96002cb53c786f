package org.fabrica.traffic.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TraceWriterTest {
    private static final Trace EVERY_OPERATION = new Trace(3, List.of(
            List.of(new TraceEvent.Compute(0), new TraceEvent.Send(1, 0, 0), new TraceEvent.Isend(2, 5, 3, 0),
                    new TraceEvent.Irecv(2, 6, Integer.MAX_VALUE, 1), new TraceEvent.Wait(1), new TraceEvent.WaitAll(),
                    new TraceEvent.Barrier(), new TraceEvent.Allreduce(8), new TraceEvent.Alltoall(Long.MAX_VALUE)),
            List.of(new TraceEvent.Recv(0, 0, 0), new TraceEvent.Barrier(), new TraceEvent.Allreduce(8),
                    new TraceEvent.Alltoall(Long.MAX_VALUE)),
            List.of(new TraceEvent.Barrier(), new TraceEvent.Allreduce(8), new TraceEvent.Alltoall(Long.MAX_VALUE))));

    @Test
    void writesTheCanonicalText() {
        assertEquals("fabrica-trace version 1 ranks 3\n"
                + "0 compute 0\n"
                + "0 send 1 0 0\n"
                + "0 isend 2 5 3 r0\n"
                + "0 irecv 2 6 2147483647 r1\n"
                + "0 wait r1\n"
                + "0 waitall\n"
                + "0 barrier\n"
                + "0 allreduce 8\n"
                + "0 alltoall 9223372036854775807\n"
                + "\n"
                + "1 recv 0 0 0\n"
                + "1 barrier\n"
                + "1 allreduce 8\n"
                + "1 alltoall 9223372036854775807\n"
                + "\n"
                + "2 barrier\n"
                + "2 allreduce 8\n"
                + "2 alltoall 9223372036854775807\n", TraceWriter.toText(EVERY_OPERATION));
    }

    @Test
    void writeThenReadGivesAnEqualTraceAndTheSameText() {
        String text = TraceWriter.toText(EVERY_OPERATION);
        Trace back = TraceReader.parse(text, "round.trip");
        assertEquals(EVERY_OPERATION, back);
        assertEquals(text, TraceWriter.toText(back));
    }

    @Test
    void interleavedLinesComeBackGroupedByRankInTheirOrder() {
        Trace read = TraceReader.parse("fabrica-trace version 1 ranks 2\n1 compute 2\n0 compute 1\n1 compute 3\n"
                + "0 compute 4\n", "t");
        assertEquals("fabrica-trace version 1 ranks 2\n0 compute 1\n0 compute 4\n\n1 compute 2\n1 compute 3\n",
                TraceWriter.toText(read));
    }

    @Test
    void roundTripsAGeneratedTraceThroughAFile(@TempDir Path dir) throws IOException {
        Trace ptrans = PtransGenerator.generate(PtransParameters.of(12, 50).withIterations(3).withCompute(1.5, 7)
                .withBarrier(true));
        Path file = dir.resolve("ptrans.trace");
        TraceWriter.write(ptrans, file);
        assertEquals(ptrans, TraceReader.read(file));
    }

    @Test
    void refusesTheReservedTagsAndRequestsOfExpandedCollectives() {
        Trace expanded = CollectiveExpansion.expand(new Trace(2, List.of(List.of(new TraceEvent.Barrier()),
                List.of(new TraceEvent.Barrier()))));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> TraceWriter.toText(expanded));
        assertTrue(e.getMessage().contains("is reserved for expanded collectives"), e.getMessage());
    }

    @Test
    void theTraceConstructorChecksTheSameRulesAsTheReader() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new Trace(2, List.of(List.of(new TraceEvent.Compute(1), new TraceEvent.Wait(3)), List.of())));
        assertEquals("rank 0, event 1 (wait r3): request r3 was never created on rank 0;"
                + " expected the id of an earlier isend or irecv of this rank", e.getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> new Trace(2, List.of(List.of(new TraceEvent.Send(2, 1, 0)), List.of())));
        assertThrows(IllegalArgumentException.class, () -> new Trace(2, List.of(List.of())));
        assertThrows(IllegalArgumentException.class, () -> new TraceEvent.Send(1, -1, 0));
    }
}
