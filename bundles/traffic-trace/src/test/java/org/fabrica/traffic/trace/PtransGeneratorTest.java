package org.fabrica.traffic.trace;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PtransGeneratorTest {

    @Test
    void nearSquareGrids() {
        assertArrayEquals(new int[] {24, 24}, PtransParameters.nearSquareGrid(576));
        assertArrayEquals(new int[] {3, 4}, PtransParameters.nearSquareGrid(12));
        assertArrayEquals(new int[] {1, 7}, PtransParameters.nearSquareGrid(7));
        assertArrayEquals(new int[] {1, 1}, PtransParameters.nearSquareGrid(1));
        assertArrayEquals(new int[] {48, 48}, PtransParameters.nearSquareGrid(2304));
        assertArrayEquals(new int[] {2, 3}, PtransParameters.nearSquareGrid(6));
        PtransParameters p = PtransParameters.of(576, 4800);
        assertEquals(24, p.gridRows());
        assertEquals(24, p.gridColumns());
        assertEquals(8, p.elementBytes());
    }

    /** The block of index i among m blocks over n indices, by walking the block starts. */
    private static int block(long n, int m, long i) {
        int b = 0;
        while ((b + 1) * n / m <= i) {
            b++;
        }
        return b;
    }

    /** Bytes per iteration from rank a to rank b, element by element: the transpose's definition. */
    private static Map<String, Long> bruteForce(PtransParameters p) {
        long n = p.order();
        Map<String, Long> out = new TreeMap<>();
        for (long i = 0; i < n; i++) {
            for (long j = 0; j < n; j++) {
                // element (i, j) of the transpose, at its owner, is element (j, i) of the matrix, at its owner
                int to = block(n, p.gridRows(), i) * p.gridColumns() + block(n, p.gridColumns(), j);
                int from = block(n, p.gridRows(), j) * p.gridColumns() + block(n, p.gridColumns(), i);
                if (to != from) {
                    out.merge(from + "->" + to, (long) p.elementBytes(), Long::sum);
                }
            }
        }
        return out;
    }

    /** Bytes per iteration from rank a to rank b in the generated trace's isends (tag 0). */
    private static Map<String, Long> sentInFirstIteration(Trace trace) {
        Map<String, Long> out = new TreeMap<>();
        for (Map.Entry<String, List<Long>> e : MessageTally.sent(trace).entrySet()) {
            if (e.getKey().endsWith(" 0")) {
                out.put(e.getKey().substring(0, e.getKey().length() - 2),
                        e.getValue().stream().mapToLong(Long::longValue).sum());
            }
        }
        return out;
    }

    @ParameterizedTest
    @CsvSource({"2, 2, 8", "2, 3, 7", "3, 4, 10", "1, 5, 5", "4, 4, 10", "3, 5, 17", "5, 3, 16", "1, 1, 4"})
    void everyOffDiagonalElementMovesOnceFromItsOwnerToTheOwnerOfItsTransposedPosition(int rows, int columns,
            long order) {
        PtransParameters p = new PtransParameters(rows, columns, order, 8, 2, 0, 0, false);
        Trace trace = PtransGenerator.generate(p);
        assertEquals(bruteForce(p), sentInFirstIteration(trace));
        assertEquals(MessageTally.sent(trace), MessageTally.received(trace), "sends and receives per pair and tag");
        RendezvousReplay replay = new RendezvousReplay(trace);
        assertTrue(replay.run(), () -> "deadlock:" + replay.blocked());
    }

    @Test
    void onA24By24GridEachRankSwapsItsBlockWithTheTransposedRank() {
        long n = 2400;
        int iterations = 3;
        Trace trace = PtransGenerator.generate(PtransParameters.of(576, n).withIterations(iterations));
        assertEquals(576, trace.ranks());
        long block = (n / 24) * (n / 24) * 8;
        long total = 0;
        for (int r = 0; r < 576; r++) {
            int p = r / 24;
            int q = r % 24;
            for (TraceEvent e : trace.events(r)) {
                if (e instanceof TraceEvent.Message m) {
                    assertEquals(q * 24 + p, m.peer(), "rank " + r);
                    assertEquals(block, m.bytes());
                    if (m.outgoing()) {
                        total += m.bytes();
                    }
                }
            }
            if (p == q) {
                assertEquals(List.of(), trace.events(r), "a diagonal block stays where it is");
            } else {
                assertEquals(iterations, MessageTally.sendCount(trace.events(r)));
            }
        }
        // the off-diagonal part of the matrix, n^2 (1 - 1/24) elements, moves in every iteration
        assertEquals(iterations * (n * n - n * n / 24) * 8, total);
        assertEquals(MessageTally.sent(trace), MessageTally.received(trace));
    }

    @Test
    void iterationsAreTaggedAndEachEndsWithItsComputePhase() {
        PtransParameters p = new PtransParameters(2, 3, 7, 4, 3, 2.5, 100, true);
        Trace trace = PtransGenerator.generate(p);
        for (int r = 0; r < 6; r++) {
            long elements = PtransGenerator.blockElements(p, r / 3, r % 3);
            int peers = PtransGenerator.exchanges(p, r / 3, r % 3).size();
            List<TraceEvent> events = trace.events(r);
            int iteration = -1;
            int computes = 0;
            for (TraceEvent e : events) {
                if (e instanceof TraceEvent.Barrier) {
                    iteration++;
                } else if (e instanceof TraceEvent.Message m) {
                    assertEquals(iteration, m.tag());
                } else if (e instanceof TraceEvent.Compute c) {
                    assertEquals(Math.round(2.5 * elements) + 100, c.nanoseconds());
                    computes++;
                }
            }
            assertEquals(2, iteration);
            assertEquals(3, computes);
            assertEquals(3L * peers, MessageTally.sendCount(events));
            assertEquals(3L * (2 * peers + 3), events.size(), "barrier, irecvs, isends, waitall, compute");
        }
        RendezvousReplay replay = new RendezvousReplay(CollectiveExpansion.expand(trace));
        assertTrue(replay.run(), () -> "deadlock:" + replay.blocked());
    }

    @Test
    void blockElementsCoverTheMatrix() {
        PtransParameters p = new PtransParameters(3, 5, 17, 8, 1, 0, 0, false);
        long sum = 0;
        for (int r = 0; r < p.ranks(); r++) {
            sum += PtransGenerator.blockElements(p, r / 5, r % 5);
        }
        assertEquals(17L * 17, sum);
    }

    @Test
    void refusesParametersThatLeaveARankWithoutABlock() {
        assertThrows(IllegalArgumentException.class, () -> PtransParameters.of(16, 3));
        assertThrows(IllegalArgumentException.class, () -> PtransParameters.of(4, 4).withIterations(0));
        assertThrows(IllegalArgumentException.class, () -> PtransParameters.of(4, 4).withCompute(-1, 0));
        assertThrows(IllegalArgumentException.class, () -> PtransParameters.of(4, 4).withElementBytes(0));
    }
}
