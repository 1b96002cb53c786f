package org.fabrica.traffic.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The broadcast benchmark: B broadcasts per rank from one root or every rank in turn; bad
 * parameters named; kept for the collective engine, a broadcast leaves the other collectives'
 * messages as they were.
 */
class BroadcastGeneratorTest {
    @Test
    void everyRankCallsTheBroadcastsFromTheRotatingRoot() {
        Trace t = BroadcastGenerator.generate(3, 4, 100, BroadcastGenerator.ROTATE, 0);
        for (int r = 0; r < 3; r++) {
            assertEquals(List.of(new TraceEvent.Bcast(0, 100), new TraceEvent.Bcast(1, 100), new TraceEvent.Bcast(2, 100),
                    new TraceEvent.Bcast(0, 100)), t.events(r));
        }
        Trace fixed = BroadcastGenerator.generate(2, 1, 8, 1, 300);
        assertEquals(List.of(new TraceEvent.Compute(300), new TraceEvent.Bcast(1, 8)), fixed.events(0));
        assertEquals(t, TraceReader.parse(TraceWriter.toText(t), "generated"));
    }

    @Test
    void parametersOutOfRangeAreNamed() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> BroadcastGenerator.generate(0, 1, 8, 0, 0))
                .getMessage().startsWith("ranks = 0"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> BroadcastGenerator.generate(4, 0, 8, 0, 0))
                .getMessage().startsWith("broadcasts = 0"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> BroadcastGenerator.generate(4, 1, -1, 0, 0))
                .getMessage().startsWith("bytes = -1"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> BroadcastGenerator.generate(4, 1, 8, 4, 0))
                .getMessage().startsWith("root = 4"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> BroadcastGenerator.generate(4, 1, 8, 0, -1))
                .getMessage().startsWith("computeNs = -1"));
    }

    @Test
    void keptBroadcastsLeaveTheOtherCollectivesTagsAsTheyWere() {
        List<TraceEvent> events = List.of(new TraceEvent.Bcast(0, 64), new TraceEvent.Barrier(),
                new TraceEvent.Bcast(1, 64), new TraceEvent.Allreduce(8));
        Trace trace = new Trace(4, List.of(events, events, events, events));
        Trace kept = CollectiveExpansion.expand(trace, false, true);
        Trace all = CollectiveExpansion.expand(trace);
        for (int r = 0; r < 4; r++) {
            List<TraceEvent> mine = kept.events(r);
            assertEquals(new TraceEvent.Bcast(0, 64), mine.get(0));
            assertEquals(2, mine.stream().filter(e -> e instanceof TraceEvent.Bcast).count());
            // the barrier (collective 1) and the allreduce (collective 3) keep the tags of the full expansion
            List<TraceEvent> messages = mine.stream().filter(e -> e instanceof TraceEvent.Message).toList();
            List<TraceEvent> expected = all.events(r).stream()
                    .filter(e -> e instanceof TraceEvent.Message m && m.tag() != CollectiveExpansion.tag(0)
                            && m.tag() != CollectiveExpansion.tag(2))
                    .toList();
            assertEquals(expected, messages, "rank " + r);
        }
        CompiledTrace compiled = CompiledTrace.of(trace, false, true);
        assertEquals(2, compiled.broadcasts());
        assertEquals(0, compiled.broadcastRoot[0]);
        assertEquals(1, compiled.broadcastRoot[1]);
        assertEquals(64, compiled.broadcastBytes[1]);
    }
}
