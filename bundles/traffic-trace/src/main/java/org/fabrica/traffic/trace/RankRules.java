package org.fabrica.traffic.trace;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongFunction;

/**
 * The rules of docs/traces.md ("Rules") that are not syntax, checked event by event for one rank:
 * peers in range, request ids created before they are waited and waited once, no request left
 * pending at the end; and, over all ranks, the same collectives in the same order. One checker for
 * the reader (sites are lines and columns) and for {@link Trace} (sites are event indices).
 */
final class RankRules {
    /** A collective call and where it is. */
    record Call(TraceEvent event, long site) {
    }

    private final int rank;
    private final int ranks;
    private final LongFunction<String> where;
    /** Pending request id -> the site of the isend or irecv that created it. */
    private final Map<Integer, Long> pending = new HashMap<>();
    /** Completed request id -> the site of the wait or waitall that completed it. */
    private final Map<Integer, Long> completed = new HashMap<>();
    private final List<Call> collectives = new ArrayList<>();

    /**
     * @param where how a site reads in a message ("line 12", "event 5")
     */
    RankRules(int rank, int ranks, LongFunction<String> where) {
        this.rank = rank;
        this.ranks = ranks;
        this.where = where;
    }

    /** Checks the rank's next event, at {@code site}. */
    void accept(TraceEvent event, long site) {
        if (event instanceof TraceEvent.Message m && m.peer() >= ranks) {
            throw new RuleViolation(rank, site, 0, (m.outgoing() ? "destination" : "source") + " rank " + m.peer()
                    + " is out of range; the trace has " + ranks + " rank(s), 0 to " + (ranks - 1));
        }
        if (event instanceof TraceEvent.Rooted r && r.root() >= ranks) {
            throw new RuleViolation(rank, site, 0, "root rank " + r.root() + " is out of range; the trace has " + ranks
                    + " rank(s), 0 to " + (ranks - 1));
        }
        switch (event.operation()) {
            case ISEND:
            case IRECV: {
                int r = ((TraceEvent.Request) event).request();
                Long created = pending.get(r);
                if (created != null) {
                    throw new RuleViolation(rank, site, 3, "request " + name(r) + " is still pending (created on "
                            + where.apply(created) + "); wait for it before reusing its id");
                }
                pending.put(r, site);
                completed.remove(r);
                break;
            }
            case WAIT: {
                int r = ((TraceEvent.Wait) event).request();
                if (pending.remove(r) == null) {
                    Long done = completed.get(r);
                    throw new RuleViolation(rank, site, 0, done != null
                            ? "request " + name(r) + " was already completed by the wait on " + where.apply(done)
                                    + "; a request is waited once"
                            : "request " + name(r) + " was never created on rank " + rank
                                    + "; expected the id of an earlier isend or irecv of this rank");
                }
                completed.put(r, site);
                break;
            }
            case WAITALL:
                for (Integer r : pending.keySet()) {
                    completed.put(r, site);
                }
                pending.clear();
                break;
            case BARRIER:
            case ALLREDUCE:
            case ALLTOALL:
            case BCAST:
            case REDUCE:
                collectives.add(new Call(event, site));
                break;
            default:
                break;
        }
    }

    /** Checks the end of the rank's events: every request completed. */
    void finish() {
        if (pending.isEmpty()) {
            return;
        }
        Map.Entry<Integer, Long> first = null;
        for (Map.Entry<Integer, Long> e : pending.entrySet()) {
            if (first == null || e.getValue() < first.getValue()) {
                first = e;
            }
        }
        throw new RuleViolation(rank, first.getValue(), 3, "request " + name(first.getKey()) + " of rank " + rank
                + " is never completed; expected a wait or waitall after it");
    }

    /** The rank's collectives, in order. */
    List<Call> collectives() {
        return collectives;
    }

    /**
     * Every rank calls the same collectives (operation, root and bytes) in the same order, as MPI requires
     * of the ranks of a communicator; rank 0's sequence is the reference.
     */
    static void sameCollectives(List<RankRules> all) {
        List<Call> reference = all.get(0).collectives;
        for (RankRules other : all.subList(1, all.size())) {
            List<Call> mine = other.collectives;
            int common = Math.min(reference.size(), mine.size());
            for (int k = 0; k < common; k++) {
                if (!reference.get(k).event().equals(mine.get(k).event())) {
                    throw new RuleViolation(other.rank, mine.get(k).site(), -1, "collective #" + (k + 1) + " of rank "
                            + other.rank + " is '" + TraceWriter.format(mine.get(k).event()) + "' but rank 0's, on "
                            + all.get(0).where.apply(reference.get(k).site()) + ", is '"
                            + TraceWriter.format(reference.get(k).event())
                            + "'; every rank calls the same collectives in the same order");
                }
            }
            if (mine.size() > common) {
                throw new RuleViolation(other.rank, mine.get(common).site(), -1, "collective #" + (common + 1)
                        + " of rank " + other.rank + " has no counterpart on rank 0, which calls " + reference.size()
                        + "; every rank calls the same collectives in the same order");
            }
            if (reference.size() > common) {
                throw new RuleViolation(0, reference.get(common).site(), -1, "collective #" + (common + 1)
                        + " of rank 0 has no counterpart on rank " + other.rank + ", which calls " + mine.size()
                        + "; every rank calls the same collectives in the same order");
            }
        }
    }

    static String name(int request) {
        return "r" + request;
    }
}
