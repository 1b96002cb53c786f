package org.fabrica.traffic.trace;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A trace prepared for replay (docs/traces.md, "Replay"): collectives expanded, events in flat
 * arrays per rank, every send matched to its receive, every blocking operation resolved to the
 * messages it waits for. Everything here is decided by program order alone (there are no
 * wildcards), so it is computed once and shared by every copy and every run of the trace.
 *
 * <p>Matching: the k-th send from rank a to rank b with tag t matches the k-th receive posted by
 * b from a with tag t (MPI's non-overtaking rule). A send or receive without a partner has
 * message -1 on the unmatched side; its rank may block on it forever, which the replay reports as
 * an application deadlock.
 */
final class CompiledTrace {
    /** Operation codes of {@link #op}. */
    static final byte COMPUTE = 0;
    static final byte SEND = 1;
    static final byte ISEND = 2;
    static final byte RECV = 3;
    static final byte IRECV = 4;
    static final byte WAIT = 5;
    /** A barrier the network's collective engine performs (kept only when asked); its argument is its ordinal, from 1. */
    static final byte BARRIER = 6;
    /**
     * A broadcast the network's collective engine performs as multicasts (kept only when asked);
     * its argument is its ordinal among the broadcasts, from 1 ({@link #broadcastRoot}, {@link #broadcastBytes}).
     */
    static final byte BCAST = 7;

    final Trace expanded;
    final int ranks;
    /** Per rank, per event: the operation code. */
    final byte[][] op;
    /** Per rank, per event: compute's nanoseconds; for a message event, the message index (-1 unmatched). */
    final long[][] argument;
    /** Per rank, per blocking event (send, recv, wait, waitall): the first of its conditions in {@link #conditions}. */
    final int[][] conditionStart;
    /** Per rank, per blocking event: one past its last condition. */
    final int[][] conditionEnd;
    /** Per rank: the conditions, each {@code message * 2 + (send ? 1 : 0)}; a message of -1 is never met. */
    final int[][] conditions;
    /** Per message: sending rank. */
    final int[] sender;
    /** Per message: receiving rank. */
    final int[] receiver;
    /** Per message: the sender's size in bytes. */
    final long[] bytes;
    /** Per message: the event of the sender that posts it. */
    final int[] sendEvent;
    /** Per message: the event of the receiver that posts its receive, or -1 when none matches. */
    final int[] receiveEvent;
    /** Receives without a matching send, as "rank r, event i", for the report. */
    final List<String> unmatchedReceives;
    /** Sends without a matching receive, as "rank r, event i". */
    final List<String> unmatchedSends;

    private record Key(int src, int dest, int tag) {
    }

    /** Whether barriers are kept for the network's collective engine ({@link #BARRIER}) rather than expanded. */
    final boolean hardwareBarriers;
    /** Whether broadcasts are kept for the network's collective engine ({@link #BCAST}) rather than expanded. */
    final boolean hardwareBroadcasts;
    /** Per kept broadcast (ordinal - 1): its root rank (every rank calls the same ones, {@link Trace}). */
    final int[] broadcastRoot;
    /** Per kept broadcast (ordinal - 1): its bytes. */
    final long[] broadcastBytes;

    private CompiledTrace(Trace trace, boolean hardwareBarriers, boolean hardwareBroadcasts) {
        this.hardwareBarriers = hardwareBarriers;
        this.hardwareBroadcasts = hardwareBroadcasts;
        expanded = CollectiveExpansion.expand(trace, hardwareBarriers, hardwareBroadcasts);
        ranks = expanded.ranks();
        op = new byte[ranks][];
        argument = new long[ranks][];
        conditionStart = new int[ranks][];
        conditionEnd = new int[ranks][];
        conditions = new int[ranks][];
        // messages: numbered in the order of the senders' program order, rank by rank
        Map<Key, ArrayDeque<Integer>> sent = new HashMap<>();
        List<int[]> messages = new ArrayList<>(); // {sender, receiver, sendEvent}
        List<Long> sizes = new ArrayList<>();
        for (int r = 0; r < ranks; r++) {
            List<TraceEvent> list = expanded.events(r);
            for (int i = 0; i < list.size(); i++) {
                if (list.get(i) instanceof TraceEvent.Message m && m.outgoing()) {
                    sent.computeIfAbsent(new Key(r, m.peer(), m.tag()), k -> new ArrayDeque<>()).add(messages.size());
                    messages.add(new int[] {r, m.peer(), i});
                    sizes.add(m.bytes());
                }
            }
        }
        int count = messages.size();
        sender = new int[count];
        receiver = new int[count];
        bytes = new long[count];
        sendEvent = new int[count];
        receiveEvent = new int[count];
        java.util.Arrays.fill(receiveEvent, -1);
        for (int m = 0; m < count; m++) {
            sender[m] = messages.get(m)[0];
            receiver[m] = messages.get(m)[1];
            sendEvent[m] = messages.get(m)[2];
            bytes[m] = sizes.get(m);
        }
        List<TraceEvent.Bcast> kept = new ArrayList<>();
        for (TraceEvent e : expanded.events(0)) {
            if (e instanceof TraceEvent.Bcast b) {
                kept.add(b);
            }
        }
        broadcastRoot = kept.stream().mapToInt(TraceEvent.Bcast::root).toArray();
        broadcastBytes = kept.stream().mapToLong(TraceEvent.Bcast::bytes).toArray();
        unmatchedReceives = new ArrayList<>();
        int[] sendCursor = new int[ranks];
        for (int r = 0, m = 0; r < ranks; r++) {
            while (m < count && sender[m] < r) {
                m++;
            }
            sendCursor[r] = m; // messages are numbered rank by rank, so a rank's sends are consecutive
        }
        for (int r = 0; r < ranks; r++) {
            List<TraceEvent> list = expanded.events(r);
            int n = list.size();
            op[r] = new byte[n];
            argument[r] = new long[n];
            conditionStart[r] = new int[n];
            conditionEnd[r] = new int[n];
            List<Integer> cond = new ArrayList<>();
            Map<Integer, Integer> pending = new HashMap<>(); // request id -> condition
            List<Integer> pendingOrder = new ArrayList<>();
            int barriers = 0;
            int broadcasts = 0;
            for (int i = 0; i < n; i++) {
                TraceEvent e = list.get(i);
                int message = -1;
                if (e instanceof TraceEvent.Message m) {
                    if (m.outgoing()) {
                        message = sendCursor[r]++;
                    } else {
                        ArrayDeque<Integer> q = sent.get(new Key(m.peer(), r, m.tag()));
                        Integer matched = q == null ? null : q.poll();
                        if (matched == null) {
                            unmatchedReceives.add("rank " + r + ", event " + i + " (" + TraceWriter.format(e) + ")");
                        } else {
                            message = matched;
                            receiveEvent[message] = i;
                        }
                    }
                    argument[r][i] = message;
                }
                int condition = message < 0 ? -2 : message * 2 + (e instanceof TraceEvent.Message m && m.outgoing() ? 1 : 0);
                conditionStart[r][i] = cond.size();
                switch (e.operation()) {
                    case COMPUTE -> {
                        op[r][i] = COMPUTE;
                        argument[r][i] = ((TraceEvent.Compute) e).nanoseconds();
                    }
                    case SEND -> {
                        op[r][i] = SEND;
                        cond.add(condition);
                    }
                    case RECV -> {
                        op[r][i] = RECV;
                        cond.add(condition);
                    }
                    case ISEND, IRECV -> {
                        op[r][i] = e.operation() == org.fabrica.traffic.trace.Operation.ISEND ? ISEND : IRECV;
                        int id = ((TraceEvent.Request) e).request();
                        pending.put(id, condition);
                        pendingOrder.add(id);
                    }
                    case WAIT -> {
                        op[r][i] = WAIT;
                        int id = ((TraceEvent.Wait) e).request();
                        cond.add(pending.remove(id));
                        pendingOrder.remove((Integer) id);
                    }
                    case WAITALL -> {
                        op[r][i] = WAIT;
                        for (int id : pendingOrder) {
                            cond.add(pending.remove(id));
                        }
                        pendingOrder.clear();
                    }
                    case BARRIER -> {
                        if (!hardwareBarriers) {
                            throw new IllegalStateException("barrier left after expansion");
                        }
                        op[r][i] = BARRIER;
                        argument[r][i] = ++barriers;
                    }
                    case BCAST -> {
                        if (!hardwareBroadcasts) {
                            throw new IllegalStateException("bcast left after expansion");
                        }
                        op[r][i] = BCAST;
                        argument[r][i] = ++broadcasts;
                    }
                    default -> throw new IllegalStateException("collective " + e.operation() + " left after expansion");
                }
                conditionEnd[r][i] = cond.size();
            }
            conditions[r] = cond.stream().mapToInt(Integer::intValue).toArray();
        }
        unmatchedSends = new ArrayList<>();
        for (int m = 0; m < count; m++) {
            if (receiveEvent[m] < 0) {
                unmatchedSends.add("rank " + sender[m] + ", event " + sendEvent[m] + " ("
                        + TraceWriter.format(expanded.events(sender[m]).get(sendEvent[m])) + ")");
            }
        }
    }

    /** The trace prepared for replay. */
    static CompiledTrace of(Trace trace) {
        return new CompiledTrace(trace, false, false);
    }

    /**
     * The trace prepared for replay, its barriers kept for a collective engine when
     * {@code hardwareBarriers}, its broadcasts when {@code hardwareBroadcasts}.
     */
    static CompiledTrace of(Trace trace, boolean hardwareBarriers, boolean hardwareBroadcasts) {
        return new CompiledTrace(trace, hardwareBarriers, hardwareBroadcasts);
    }

    /** Broadcasts of one copy kept for the collective engine. */
    int broadcasts() {
        return broadcastRoot.length;
    }

    /** Messages of one copy of the trace. */
    int messages() {
        return sender.length;
    }

    /** Events of {@code rank} after expansion. */
    int events(int rank) {
        return op[rank].length;
    }
}
