package org.fabrica.traffic.trace;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Test-only replay of a trace without collectives and without time: every send is a rendezvous
 * (it completes only when a matching receive is posted), messages match in order per (source,
 * destination, tag), as MPI's non-overtaking rule says. It reports whether every rank reaches its
 * end, and what each rank has heard of: a message carries the set of ranks its sender had heard of
 * when it posted it, so after an allreduce or a barrier every rank must have heard of every rank.
 */
final class RendezvousReplay {
    private record Key(int src, int dest, int tag) {
    }

    private static final class Post {
        final long bytes;
        final BitSet payload;
        boolean done;

        Post(long bytes, BitSet payload) {
            this.bytes = bytes;
            this.payload = payload;
        }
    }

    private final Trace trace;
    private final int[] next;
    private final BitSet[] heard;
    private final List<Map<Integer, Post>> requests = new ArrayList<>();
    /** For a blocking send or receive under way, its post. */
    private final Post[] blocking;
    private final Map<Key, ArrayDeque<Post>> sends = new HashMap<>();
    private final Map<Key, ArrayDeque<Post>> receives = new HashMap<>();
    private final List<String> mismatches = new ArrayList<>();
    private long messages;

    RendezvousReplay(Trace trace) {
        this.trace = trace;
        int n = trace.ranks();
        next = new int[n];
        heard = new BitSet[n];
        blocking = new Post[n];
        for (int r = 0; r < n; r++) {
            heard[r] = new BitSet(n);
            heard[r].set(r);
            requests.add(new HashMap<>());
        }
    }

    /** Runs until no rank can move; true when every rank reached its end. */
    boolean run() {
        boolean moved = true;
        while (moved) {
            moved = false;
            for (int r = 0; r < trace.ranks(); r++) {
                while (step(r)) {
                    moved = true;
                }
            }
        }
        for (int r = 0; r < trace.ranks(); r++) {
            if (next[r] < trace.events(r).size()) {
                return false;
            }
        }
        return true;
    }

    /** The ranks {@code rank} has heard of. */
    BitSet heard(int rank) {
        return heard[rank];
    }

    /** Matched messages whose receive expected another size than the send sent. */
    List<String> mismatches() {
        return mismatches;
    }

    /** Messages matched so far. */
    long messages() {
        return messages;
    }

    /** The ranks that did not reach their end, with the event each is blocked on. */
    String blocked() {
        StringBuilder sb = new StringBuilder();
        for (int r = 0; r < trace.ranks(); r++) {
            if (next[r] < trace.events(r).size()) {
                sb.append(" rank ").append(r).append(": ").append(TraceWriter.format(trace.events(r).get(next[r])));
            }
        }
        return sb.toString();
    }

    private boolean step(int r) {
        List<TraceEvent> events = trace.events(r);
        if (next[r] >= events.size()) {
            return false;
        }
        TraceEvent e = events.get(next[r]);
        switch (e.operation()) {
            case SEND:
            case RECV: {
                TraceEvent.Message m = (TraceEvent.Message) e;
                if (blocking[r] == null) {
                    blocking[r] = post(r, m);
                }
                if (!blocking[r].done) {
                    return false;
                }
                blocking[r] = null;
                break;
            }
            case ISEND:
            case IRECV: {
                TraceEvent.Request q = (TraceEvent.Request) e;
                requests.get(r).put(q.request(), post(r, q));
                break;
            }
            case WAIT: {
                int id = ((TraceEvent.Wait) e).request();
                if (!Objects.requireNonNull(requests.get(r).get(id)).done) {
                    return false;
                }
                requests.get(r).remove(id);
                break;
            }
            case WAITALL:
                for (Post p : requests.get(r).values()) {
                    if (!p.done) {
                        return false;
                    }
                }
                requests.get(r).clear();
                break;
            case COMPUTE:
                break;
            default:
                throw new IllegalStateException("expand collectives before replay: " + TraceWriter.format(e));
        }
        next[r]++;
        return true;
    }

    private Post post(int r, TraceEvent.Message m) {
        Post p = new Post(m.bytes(), m.outgoing() ? (BitSet) heard[r].clone() : null);
        Key key = m.outgoing() ? new Key(r, m.peer(), m.tag()) : new Key(m.peer(), r, m.tag());
        (m.outgoing() ? sends : receives).computeIfAbsent(key, k -> new ArrayDeque<>()).add(p);
        ArrayDeque<Post> s = sends.get(key);
        ArrayDeque<Post> q = receives.get(key);
        while (s != null && q != null && !s.isEmpty() && !q.isEmpty()) {
            Post send = s.poll();
            Post receive = q.poll();
            if (send.bytes != receive.bytes) {
                mismatches.add(key + ": sent " + send.bytes + ", expected " + receive.bytes);
            }
            heard[key.dest()].or(send.payload);
            send.done = true;
            receive.done = true;
            messages++;
        }
        return p;
    }
}
