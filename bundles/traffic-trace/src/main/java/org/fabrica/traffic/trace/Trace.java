package org.fabrica.traffic.trace;

import java.util.ArrayList;
import java.util.List;

/**
 * A trace: for each of {@code ranks} MPI ranks, the events it performs in order (docs/traces.md).
 * Immutable; the constructor copies the lists and checks the rules of docs/traces.md ("Rules")
 * that do not concern the text: peers in range, requests created, waited once and all completed,
 * the same collectives on every rank.
 *
 * @param ranks the number of ranks, at least 1
 * @param events per rank, in rank order, the rank's events in program order
 */
public record Trace(int ranks, List<List<TraceEvent>> events) {

    public Trace {
        if (ranks < 1) {
            throw new IllegalArgumentException("a trace has at least 1 rank, not " + ranks);
        }
        if (events.size() != ranks) {
            throw new IllegalArgumentException(ranks + " rank(s) but " + events.size() + " event list(s)");
        }
        List<List<TraceEvent>> copy = new ArrayList<>(ranks);
        for (List<TraceEvent> list : events) {
            copy.add(List.copyOf(list));
        }
        events = List.copyOf(copy);
        check(ranks, events);
    }

    /** The events of {@code rank}, in program order. */
    public List<TraceEvent> events(int rank) {
        return events.get(rank);
    }

    /** The number of events over all ranks. */
    public long eventCount() {
        long n = 0;
        for (List<TraceEvent> list : events) {
            n += list.size();
        }
        return n;
    }

    private static void check(int ranks, List<List<TraceEvent>> events) {
        List<RankRules> all = new ArrayList<>(ranks);
        try {
            for (int r = 0; r < ranks; r++) {
                RankRules rules = new RankRules(r, ranks, site -> "event " + site);
                List<TraceEvent> list = events.get(r);
                for (int i = 0; i < list.size(); i++) {
                    rules.accept(list.get(i), i);
                }
                rules.finish();
                all.add(rules);
            }
            RankRules.sameCollectives(all);
        } catch (RuleViolation v) {
            throw new IllegalArgumentException("rank " + v.rank + ", event " + v.site + " ("
                    + TraceWriter.format(events.get(v.rank).get((int) v.site)) + "): " + v.getMessage(), v);
        }
    }
}
