package org.fabrica.traffic.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.fabrica.params.ParameterException;
import org.fabrica.params.Parameters;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class HpccPtransGeneratorTest {

    private static HpccPtransParameters parameters(Object... keysAndValues) {
        Map<String, Object> values = new HashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            values.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return Parameters.bind(HpccPtransParameters.class, values, "hpcc-ptrans");
    }

    @Test
    void hpccsDefaults() {
        HpccPtransParameters p = parameters("ranks", 576, "order", 9600);
        assertEquals(80, p.blockSize());
        assertEquals(5, p.repetitions());
        assertEquals(HpccPtransParameters.GridPlacement.RANDOM, p.gridPlacement());
        assertTrue(p.verification());
        assertEquals(8, p.elementBytes());
        assertEquals(List.of(24, 24), List.of(HpccPtransGenerator.grid(p)[0], HpccPtransGenerator.grid(p)[1]));
        assertThrows(ParameterException.class, () -> parameters("ranks", 576), "order has no default");
        assertThrows(ParameterException.class, () -> parameters("ranks", 576, "order", 9600, "repetition", 2));
    }

    /**
     * The (sender, receiver) pairs of one transpose from pdtrans's steps must be those the block-cyclic
     * transpose needs: in the LCM x LCM template, block (I, J) of A at (I mod P, J mod Q) goes to the
     * owner of block (J, I) of C, (J mod P, I mod Q); one step per template block a process owns. The
     * steps must also pair up: whoever I send to in a step receives from me in that step.
     */
    @ParameterizedTest
    @CsvSource({"2, 2", "2, 3", "3, 2", "3, 4", "4, 6", "1, 5", "5, 1", "4, 4", "6, 4", "2, 8"})
    void theStepsSendEveryTemplateBlockToTheOwnerOfItsTransposedPosition(int rows, int columns) {
        int g = HpccPtransGenerator.gcd(rows, columns);
        int lcm = rows / g * columns;
        for (int r = 0; r < rows; r++) {
            for (int c = 0; c < columns; c++) {
                Map<String, Integer> needed = new TreeMap<>();
                for (int i = r; i < lcm; i += rows) {
                    for (int j = c; j < lcm; j += columns) {
                        needed.merge((j % rows) + "," + (i % columns), 1, Integer::sum);
                    }
                }
                Map<String, Integer> sent = new TreeMap<>();
                List<HpccPtransGenerator.Step> steps = HpccPtransGenerator.steps(rows, columns, r, c);
                for (int s = 0; s < steps.size(); s++) {
                    HpccPtransGenerator.Step step = steps.get(s);
                    sent.merge(step.destRow() + "," + step.destColumn(), 1, Integer::sum);
                    HpccPtransGenerator.Step theirs = HpccPtransGenerator.steps(rows, columns, step.destRow(),
                            step.destColumn()).get(s);
                    assertEquals(r + "," + c, theirs.sourceRow() + "," + theirs.sourceColumn(),
                            "step " + s + " of (" + r + ", " + c + ") on " + rows + " x " + columns);
                }
                assertEquals(needed, sent, "(" + r + ", " + c + ") on " + rows + " x " + columns);
            }
        }
    }

    @Test
    void onA24By24GridEachRankSwapsItsWholeLocalMatrixWithTheTransposedPosition() {
        long n = 24 * 80 * 2; // two blocks per process and dimension
        Trace trace = HpccPtransGenerator.generate(parameters("ranks", 576, "order", n, "repetitions", 2,
                "gridPlacement", "row-major"));
        long bytes = (n / 24) * (n / 24) * 8;
        for (int rank = 0; rank < 576; rank++) {
            int p = rank / 24;
            int q = rank % 24;
            List<TraceEvent> events = trace.events(rank);
            for (TraceEvent e : events) {
                if (e instanceof TraceEvent.Message m && m.tag() < HpccPtransGenerator.REPORT_TAG) {
                    assertEquals(q * 24 + p, m.peer(), "rank " + rank);
                    assertEquals(bytes, m.bytes());
                }
            }
            assertEquals(p == q ? 0 : 2, MessageTally.sendCount(events), "rank " + rank);
            // per repetition: 4 allreduces before, 1 barrier, 3 after (verification, two timings)
            assertEquals(2 * 7, events.stream().filter(e -> e instanceof TraceEvent.Allreduce).count());
            assertEquals(2, events.stream().filter(e -> e instanceof TraceEvent.Barrier).count());
        }
        assertEquals(MessageTally.sent(trace), MessageTally.received(trace));
    }

    @Test
    void buffersArePaddedToWholeTemplateBlocks() {
        // n = 100, NB = 8: 13 blocks; LCM(2, 3) = 6: ceil(13 / 6) = 3 blocks of 8 a side, whatever the ranks hold
        assertEquals(24L * 24, HpccPtransGenerator.bufferElements(100, 8, 2, 3));
        assertEquals(16L * 16, HpccPtransGenerator.bufferElements(96, 8, 2, 3)); // 12 blocks: 2 of 8 a side
        assertEquals(32L * 32, HpccPtransGenerator.bufferElements(96, 8, 3, 3)); // 12 blocks, LCM 3: 4 of 8
        Trace trace = HpccPtransGenerator.generate(parameters("ranks", 6, "gridRows", 2, "order", 100, "blockSize", 8,
                "repetitions", 1, "gridPlacement", "row-major"));
        for (Map.Entry<String, List<Long>> e : MessageTally.sent(trace).entrySet()) {
            if (!e.getKey().endsWith(" " + HpccPtransGenerator.REPORT_TAG)) {
                assertEquals(List.of(24L * 24 * 8), e.getValue(), e.getKey());
            }
        }
        // numroc: 13 blocks over 2 rows: blocks 0, 2, .., 12 (the last one 4 rows) and 1, 3, .., 11: 52 and 48
        assertEquals(52, HpccPtransGenerator.numroc(100, 8, 0, 2));
        assertEquals(48, HpccPtransGenerator.numroc(100, 8, 1, 2));
        assertEquals(100, HpccPtransGenerator.numroc(100, 8, 0, 3) + HpccPtransGenerator.numroc(100, 8, 1, 3)
                + HpccPtransGenerator.numroc(100, 8, 2, 3));
    }

    @Test
    void aBufferOfMoreThan100MbGoesInPiecesOf12500000Doubles() {
        // 2 x 2, n = 8000, NB = 1000: 8 blocks, LCM 2: 4000 x 4000 = 16,000,000 doubles
        Trace trace = HpccPtransGenerator.generate(parameters("ranks", 4, "order", 8000, "blockSize", 1000,
                "repetitions", 1, "gridPlacement", "row-major"));
        assertEquals(Map.of("1->2 0", List.of(100_000_000L), "1->2 1", List.of(28_000_000L),
                "2->1 0", List.of(100_000_000L), "2->1 1", List.of(28_000_000L)), MessageTally.sent(trace));
    }

    @Test
    void randomPlacementsChangePerRepetitionAndTheTraceRunsToItsEnd() {
        HpccPtransParameters p = parameters("ranks", 12, "order", 120, "blockSize", 5, "repetitions", 5);
        Trace trace = HpccPtransGenerator.generate(p);
        assertEquals(trace, HpccPtransGenerator.generate(p), "the same seed, the same trace");
        assertNotEquals(trace, HpccPtransGenerator.generate(parameters("ranks", 12, "order", 120, "blockSize", 5,
                "repetitions", 5, "gridSeed", 2)));
        List<List<Integer>> partnersOfRank0 = new ArrayList<>();
        for (int rep = 0; rep < 5; rep++) {
            partnersOfRank0.add(new ArrayList<>());
        }
        // a 3 x 4 grid: LCM 12, 4 x 3 = 12 steps per transpose, tags 0 .. 11 in repetition 0, 12 .. 23 in 1, ...
        for (TraceEvent e : trace.events(0)) {
            if (e instanceof TraceEvent.Isend s) {
                partnersOfRank0.get(s.tag() / 12).add(s.dest());
            }
        }
        assertTrue(partnersOfRank0.stream().distinct().count() > 1, () -> "partners " + partnersOfRank0);
        assertEquals(MessageTally.sent(trace), MessageTally.received(trace));
        RendezvousReplay replay = new RendezvousReplay(CollectiveExpansion.expand(trace));
        assertTrue(replay.run(), () -> "deadlock:" + replay.blocked());
    }

    @Test
    void computePassesFollowTheLocalMatrix() {
        // 2 x 2, n = 10, NB = 3: 4 blocks; process row 0 holds blocks 0, 2: 6 rows; row 1 blocks 1, 3: 3 + 1 = 4
        HpccPtransParameters p = parameters("ranks", 4, "order", 10, "blockSize", 3, "repetitions", 1,
                "gridPlacement", "row-major", "computeNsPerElement", 2.0);
        Trace trace = HpccPtransGenerator.generate(p);
        long[] local = {36, 24, 24, 16};
        for (int rank = 0; rank < 4; rank++) {
            List<Long> computes = new ArrayList<>();
            for (TraceEvent e : trace.events(rank)) {
                if (e instanceof TraceEvent.Compute c) {
                    computes.add(c.nanoseconds());
                }
            }
            long l = local[rank];
            // generation (2 passes), the transpose's one step (pack and add; to oneself, one pass), verification (3)
            List<Long> expected = rank == 0 || rank == 3 ? List.of(4 * l, 2 * l, 6 * l)
                    : List.of(4 * l, 2 * l, 2 * l, 6 * l);
            assertEquals(expected, computes, "rank " + rank);
        }
    }

    @Test
    void refusesAGridThatDoesNotHoldTheRanksAndAnOrderThatLeavesProcessesWithoutBlocks() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> HpccPtransGenerator.generate(
                parameters("ranks", 576, "order", 9600, "gridRows", 16, "gridColumns", 32)));
        assertTrue(e.getMessage().contains("16 x 32 holds 512"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> HpccPtransGenerator.generate(
                parameters("ranks", 576, "order", 9600, "gridColumns", 25)));
        assertTrue(e.getMessage().contains("25 does not divide 576"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> HpccPtransGenerator.generate(
                parameters("ranks", 576, "order", 1000)));
        assertTrue(e.getMessage().contains("at least 1920"), e.getMessage());
        assertThrows(ParameterException.class, () -> parameters("ranks", 4, "order", 100, "blockSize", 0));
        assertThrows(ParameterException.class, () -> parameters("ranks", 4, "order", 100, "computeNsPerElement", -1.0));
    }
}
