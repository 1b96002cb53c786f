package org.fabrica.traffic.trace;

import java.util.Arrays;

/**
 * The point-to-point message protocol of a {@link TraceReplay}: eager and rendezvous sends, the
 * state of every global message ({@code copy * messagesPerCopy + m}), the protocol work each rank
 * does when next inside the library, and the packets ranks have posted and the network has not
 * taken yet.
 *
 * <p>A packet's code is {@code message * 4 + kind} ({@link #EAGER}, {@link #REQUEST},
 * {@link #CLEAR}, {@link #DATA}); negative codes belong to the collective engine and never come
 * here. Ranks are global ({@code copy * ranks + r}). A rank that the protocol gives news (a
 * message completed, protocol work to do) is marked in the replay's {@code dirty} array, so that
 * the replay asks it again.
 */
final class MessageProtocol {
    /** Packet kinds, the low two bits of a packet's code. */
    static final int EAGER = 0;
    static final int REQUEST = 1;
    static final int CLEAR = 2;
    static final int DATA = 3;

    private final CompiledTrace trace;
    private final ReplayParameters parameters;
    private final int ranks;
    private final int messagesPerCopy;
    /** The replay's per-rank flag: something changed for the rank since it was last asked. */
    private final boolean[] dirty;

    // per global message
    final long[] packets;
    final long[] sendPosted;
    final long[] receivePosted;
    final long[] requestArrived;
    final long[] dataComplete;
    final long[] sendComplete;
    final long[] arrived;
    final boolean[] cleared;

    /** Protocol work a rank does when next inside the library: packet codes (clear to send, data). */
    private final int[][] pending;
    private final int[] pendingCount;
    /** Packets a rank has posted and the network has not taken yet: a FIFO of (cycle, code, count). */
    final PostedPackets out;
    /** Whether the condition met last in the latest {@link #met} call was a send's completion. */
    boolean lastMetBySend;

    /**
     * @param allRanks global ranks ({@code copies * trace.ranks})
     * @param dirty the replay's per-rank news flags, set here
     */
    MessageProtocol(CompiledTrace trace, int copies, int allRanks, ReplayParameters parameters, boolean[] dirty) {
        this.trace = trace;
        this.parameters = parameters;
        this.ranks = trace.ranks;
        this.messagesPerCopy = trace.messages();
        this.dirty = dirty;
        int messages = Math.multiplyExact(copies, messagesPerCopy);
        packets = new long[messages];
        for (int c = 0; c < copies; c++) {
            for (int m = 0; m < messagesPerCopy; m++) {
                packets[c * messagesPerCopy + m] = parameters.packets(trace.bytes[m]);
            }
        }
        sendPosted = minusOnes(messages);
        receivePosted = minusOnes(messages);
        requestArrived = minusOnes(messages);
        dataComplete = minusOnes(messages);
        sendComplete = minusOnes(messages);
        arrived = new long[messages];
        cleared = new boolean[messages];
        pending = new int[allRanks][2];
        pendingCount = new int[allRanks];
        out = new PostedPackets(allRanks);
    }

    static long[] minusOnes(int n) {
        long[] a = new long[n];
        Arrays.fill(a, -1);
        return a;
    }

    /** Rank g posts the send of global message gm in cycle t. */
    void postSend(int g, int gm, long t) {
        sendPosted[gm] = t;
        int m = gm % messagesPerCopy;
        if (trace.sender[m] == trace.receiver[m]) {
            if (parameters.eager(trace.bytes[m])) {
                sendComplete[gm] = t;
                dataComplete[gm] = t;
            } else if (receivePosted[gm] >= 0) {
                sendComplete[gm] = t;
                dataComplete[gm] = t;
            }
            return;
        }
        if (parameters.eager(trace.bytes[m])) {
            post(g, t, gm * 4 + EAGER, packets[gm]);
            sendComplete[gm] = t;
        } else {
            post(g, t, gm * 4 + REQUEST, 1);
        }
    }

    /** Rank g posts the receive of global message gm in cycle t. */
    void postReceive(int g, int gm, long t) {
        receivePosted[gm] = t;
        int m = gm % messagesPerCopy;
        if (trace.sender[m] == trace.receiver[m]) {
            if (sendPosted[gm] >= 0 && dataComplete[gm] < 0) {
                sendComplete[gm] = t; // rendezvous to oneself: both sides posted
                dataComplete[gm] = t;
            }
            return;
        }
        if (requestArrived[gm] >= 0 && !cleared[gm]) {
            cleared[gm] = true;
            post(g, t, gm * 4 + CLEAR, 1);
        }
    }

    /** A packet of code {@code code} (not a collective's) was delivered in {@code cycle}. */
    void delivered(int code, long cycle) {
        int gm = code >>> 2;
        int copy = gm / messagesPerCopy;
        int m = gm - copy * messagesPerCopy;
        int senderRank = copy * ranks + trace.sender[m];
        int receiverRank = copy * ranks + trace.receiver[m];
        switch (code & 3) {
            case REQUEST -> {
                requestArrived[gm] = cycle;
                if (receivePosted[gm] >= 0 && !cleared[gm]) {
                    addPending(receiverRank, gm * 4 + CLEAR);
                }
            }
            case CLEAR -> addPending(senderRank, gm * 4 + DATA);
            default -> {
                if (++arrived[gm] == packets[gm]) {
                    dataComplete[gm] = cycle;
                    dirty[receiverRank] = true;
                    if ((code & 3) == DATA) {
                        sendComplete[gm] = cycle;
                        dirty[senderRank] = true;
                    }
                }
            }
        }
    }

    /** The cycle the conditions of rank r's event i (messages from {@code base}) were all met, or -1 while one is not. */
    long met(int r, int i, int base) {
        lastMetBySend = false;
        int[] conditions = trace.conditions[r];
        long met = 0;
        for (int k = trace.conditionStart[r][i]; k < trace.conditionEnd[r][i]; k++) {
            int c = conditions[k];
            if (c < 0) {
                return -1; // a receive that no send matches
            }
            int gm = base + (c >>> 1);
            long at = (c & 1) == 1 ? sendComplete[gm] : dataComplete[gm];
            if (at < 0) {
                return -1;
            }
            if (at >= met) {
                met = at;
                lastMetBySend = (c & 1) == 1;
            }
        }
        return met;
    }

    private void addPending(int g, int code) {
        if (pendingCount[g] == pending[g].length) {
            pending[g] = Arrays.copyOf(pending[g], pending[g].length * 2);
        }
        pending[g][pendingCount[g]++] = code;
        dirty[g] = true;
    }

    /** Rank g, inside the library in cycle t, does its pending protocol work (posts the packets). */
    void flushPending(int g, long t) {
        int n = pendingCount[g];
        if (n == 0) {
            return;
        }
        int[] codes = pending[g];
        for (int k = 0; k < n; k++) {
            int code = codes[k];
            int gm = code >>> 2;
            if ((code & 3) == CLEAR) {
                if (!cleared[gm]) {
                    cleared[gm] = true;
                    post(g, t, code, 1);
                }
            } else {
                post(g, t, code, packets[gm]);
            }
        }
        pendingCount[g] = 0;
    }

    /** Rank g posts {@code count} packets of code {@code code} in cycle t. */
    void post(int g, long t, int code, long count) {
        out.post(g, t, code, count);
    }

    /** Latency of every delivered message, from the send's posting to its last data packet. */
    long[] latencies() {
        long[] l = new long[packets.length];
        int n = 0;
        for (int gm = 0; gm < packets.length; gm++) {
            if (dataComplete[gm] >= 0 && sendPosted[gm] >= 0) {
                l[n++] = dataComplete[gm] - sendPosted[gm];
            }
        }
        return Arrays.copyOf(l, n);
    }
}
