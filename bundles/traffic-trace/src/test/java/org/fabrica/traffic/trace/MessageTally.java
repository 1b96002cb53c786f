package org.fabrica.traffic.trace;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Test-only: the sizes of the messages of a trace, per (source, destination, tag), in order. */
final class MessageTally {
    private MessageTally() {
    }

    /** Sends, keyed "src->dest tag". */
    static Map<String, List<Long>> sent(Trace trace) {
        return tally(trace, true);
    }

    /** Receives, keyed "src->dest tag". */
    static Map<String, List<Long>> received(Trace trace) {
        return tally(trace, false);
    }

    /** The messages {@code rank} sends, blocking or not. */
    static long sendCount(List<TraceEvent> events) {
        return events.stream().filter(e -> e instanceof TraceEvent.Message m && m.outgoing()).count();
    }

    /** The messages {@code rank} receives, blocking or not. */
    static long receiveCount(List<TraceEvent> events) {
        return events.stream().filter(e -> e instanceof TraceEvent.Message m && !m.outgoing()).count();
    }

    private static Map<String, List<Long>> tally(Trace trace, boolean outgoing) {
        Map<String, List<Long>> out = new TreeMap<>();
        for (int r = 0; r < trace.ranks(); r++) {
            for (TraceEvent e : trace.events(r)) {
                if (e instanceof TraceEvent.Message m && m.outgoing() == outgoing) {
                    String key = (outgoing ? r + "->" + m.peer() : m.peer() + "->" + r) + " " + m.tag();
                    out.computeIfAbsent(key, k -> new ArrayList<>()).add(m.bytes());
                }
            }
        }
        return out;
    }
}
