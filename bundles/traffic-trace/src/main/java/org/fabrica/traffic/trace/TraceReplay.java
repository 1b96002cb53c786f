package org.fabrica.traffic.trace;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.fabrica.mapping.Mappings;
import org.fabrica.stats.NetworkObserver;
import org.fabrica.traffic.InjectionProcess;
import org.fabrica.traffic.TrafficPattern;

/**
 * Replays a trace on a network with MPI semantics (docs/traces.md, "Replay"): a
 * {@link TrafficPattern}, an {@link InjectionProcess} and a {@link NetworkObserver} that share the
 * ranks' state. One replay serves one run.
 *
 * <h2>Model</h2>
 * Every rank runs its events in program order on its node, with a clock in network cycles.
 * {@code compute} advances the clock. A message of at most {@link ReplayParameters#eagerBytes()}
 * bytes is sent eagerly: its packets are handed to the node's interface when the send is posted,
 * and the send is complete at once (the library copied the buffer). A larger message uses
 * rendezvous: the sender posts a one-packet request to send; the receiver answers with a
 * one-packet clear to send once the request has arrived and the matching receive is posted; the
 * sender then hands the data packets to its interface, and the send completes when the last data
 * packet is delivered (the network's acknowledgement of an RDMA write, which carries no traffic
 * here). A receive completes when the last packet of its message has arrived. A message to oneself
 * crosses no link and completes when both sides are posted.
 *
 * <p><b>Progress.</b> A rank acts on protocol packets (answers a request to send, sends data
 * after a clear to send) only while it is inside the library: when it posts an operation, and while
 * it is blocked in send, recv, wait or waitall. A rank computing does not answer until its compute
 * ends, as an MPI library without an asynchronous progress thread behaves.
 *
 * <h2>How it meets the network</h2>
 * The network asks {@link InjectionProcess#next} for a node's next packet; the answer is the cycle
 * the rank posts its next packet, or the end of a compute (a timer: the pattern then answers
 * {@link TrafficPattern#NONE} and the network asks again), or
 * {@link InjectionProcess#AFTER_DELIVERY} while the rank is blocked, or
 * {@link InjectionProcess#NEVER} once it has finished. The observer maps every packet to its
 * message when it is generated and learns every delivery; it must be part of the run's observers.
 * Packets of protocol messages (request, clear to send) and padded last packets have the run's
 * packet length: the network's packets are all of one length.
 *
 * <p><b>Hardware barriers.</b> A trace prepared with hardware barriers ({@link #prepare(Trace, boolean)})
 * keeps its barriers: a rank entering one posts an entry into the network's collective engine
 * ({@link TrafficPattern#COLLECTIVE}, group = the rank's copy of the trace, {@link #groups()}) and
 * blocks until the engine's completion reaches it ({@code NetworkObserver.collectiveCompleted}).
 *
 * <p><b>Hardware broadcasts.</b> A trace prepared with hardware broadcasts keeps its broadcasts:
 * the root posts the message's packets as entries into the engine (a multicast engine sends each to
 * the copy's other ranks) and goes on at once, as after an eager send; every other rank blocks until
 * all the packets' copies have reached its node ({@link HardwareBroadcasts}). Receive buffers are
 * taken to be posted: copies that arrive early wait.
 */
public final class TraceReplay {
    /** Names of the packet kinds ({@link MessageProtocol#EAGER} .. {@link MessageProtocol#DATA}). */
    private static final String[] KIND_NAMES = {"eager data", "request to send", "clear to send", "rendezvous data"};

    /** Messages a replay tracks at most (all copies, collectives expanded). */
    public static final int MAX_MESSAGES = 1 << 29;

    static final byte RUNNING = 0;
    private static final byte BLOCKED = 1;
    static final byte DONE = 2;

    final CompiledTrace trace;
    final ReplayParameters parameters;
    final int copies;
    final int ranks;
    final int messagesPerCopy;
    final int[] nodeOfRank;
    private final int[] rankAtNode;

    /** The messages' protocol: their state, the ranks' pending protocol work, the posted packets. */
    final MessageProtocol protocol;

    // per global rank (copy * ranks + r)
    final int[] pc;
    final long[] clock;
    private final long[] resumeAt;
    final byte[] state;
    private final boolean[] dirty;
    final long[] blockedSince;
    private final long[] blockedCycles;
    /** Per rank: the part of {@link #blockedCycles} that ended with a receive's message arriving. */
    private final long[] receiveWaitCycles;
    private final long[] finish;

    /** Code of every generated packet, by packet id. */
    private final PacketCodes codeOfPacket = new PacketCodes();
    private final int[] codeAtNode;
    private final long[] packetsOfKind = new long[4];
    private long events;
    /** Every rank's compute and blocked intervals, when recorded; null when not. */
    private RankActivity activity;
    /** Kinds of {@link #activity(int)} intervals. */
    public static final int ACTIVITY_COMPUTE = 0;
    public static final int ACTIVITY_BLOCKED = 1;

    private final TrafficPattern pattern = new TrafficPattern() {
        @Override
        public int destination(int source, SplittableRandom random) {
            return TraceReplay.this.destination(source);
        }

        @Override
        public int collectiveGroup(int source) {
            return rankAtNode[source] / ranks;
        }
    };
    private final InjectionProcess injection = new InjectionProcess() {
        @Override
        public long next(int node, long previous, SplittableRandom random) {
            return nextCycle(node, previous);
        }

        @Override
        public double offeredLoad(long now) {
            return 0;
        }
    };
    private final NetworkObserver observer = new NetworkObserver() {
        @Override
        public void packetGenerated(long packet, int source, int destination, int flits, long cycle) {
            generated(packet, source);
        }

        @Override
        public void packetDelivered(long packet, int source, int destination, int flits, long created, long injected,
                long cycle, int hops) {
            delivered(packet, destination, cycle);
        }

        @Override
        public void packetReplicated(long packet, long copy, int source, int destination, int router, long cycle) {
            replicated(packet, copy);
        }

        @Override
        public void collectiveCompleted(int node, int group, long cycle) {
            barrierCompleted(node, group, cycle);
        }
    };
    /** Per global rank: hardware barriers completed, and when the last one did. */
    final HardwareBarriers barriers;
    /** Per global rank and broadcast: multicast copies arrived; null without hardware broadcasts. */
    final HardwareBroadcasts broadcasts;

    private TraceReplay(CompiledTrace trace, int copies, int[] nodeOfRank, int nodes, ReplayParameters parameters) {
        this.trace = trace;
        this.parameters = parameters;
        this.copies = copies;
        this.ranks = trace.ranks;
        this.messagesPerCopy = trace.messages();
        this.nodeOfRank = nodeOfRank.clone();
        this.rankAtNode = new int[nodes];
        Arrays.fill(rankAtNode, -1);
        for (int g = 0; g < nodeOfRank.length; g++) {
            rankAtNode[nodeOfRank[g]] = g;
        }
        int all = nodeOfRank.length;
        pc = new int[all];
        clock = new long[all];
        resumeAt = MessageProtocol.minusOnes(all);
        state = new byte[all];
        dirty = new boolean[all];
        blockedSince = new long[all];
        blockedCycles = new long[all];
        receiveWaitCycles = new long[all];
        finish = MessageProtocol.minusOnes(all);
        protocol = new MessageProtocol(trace, copies, all, parameters, dirty);
        codeAtNode = new int[nodes];
        barriers = new HardwareBarriers(all);
        broadcasts = trace.hardwareBroadcasts ? new HardwareBroadcasts(trace.broadcasts(), ranks, copies) : null;
    }

    /**
     * A replay of {@code copies} copies of {@code trace} side by side.
     *
     * @param trace the trace, prepared once ({@link #prepare}) and shared by every run
     * @param copies copies of the trace, independent of each other (their messages never match)
     * @param mapping the node of every global rank {@code copy * ranks + rank} (a {@code mapping} provider's answer)
     * @param nodes end nodes of the network
     * @throws IllegalArgumentException when the mapping does not give every rank its own node
     */
    public static TraceReplay of(Prepared trace, int copies, int[] mapping, int nodes, ReplayParameters parameters) {
        if (copies < 1) {
            throw new IllegalArgumentException("copies = " + copies + "; use >= 1");
        }
        long all = (long) copies * trace.compiled.ranks;
        if (mapping.length != all) {
            throw new IllegalArgumentException("the mapping has " + mapping.length + " entries; " + copies + " copies of "
                    + trace.compiled.ranks + " ranks need " + all);
        }
        Mappings.check(mapping, (int) all, nodes, "the mapping");
        if ((long) copies * trace.compiled.messages() > MAX_MESSAGES) {
            // a packet's code is message x 4 + kind in an int
            throw new IllegalArgumentException(copies + " copies of " + trace.compiled.messages() + " messages exceed the "
                    + MAX_MESSAGES + " messages a replay can track; replay fewer copies or a shorter trace");
        }
        return new TraceReplay(trace.compiled, copies, mapping, nodes, parameters);
    }

    /** Prepares a trace for replay: collectives expanded, messages matched (the work shared by every run). */
    public static Prepared prepare(Trace trace) {
        return new Prepared(CompiledTrace.of(trace));
    }

    /**
     * Prepares a trace for replay; with {@code hardwareBarriers} its barriers are kept for the
     * network's collective engine instead of expanded into messages.
     */
    public static Prepared prepare(Trace trace, boolean hardwareBarriers) {
        return prepare(trace, hardwareBarriers, false);
    }

    /**
     * Prepares a trace for replay; with {@code hardwareBarriers} its barriers, with
     * {@code hardwareBroadcasts} its broadcasts are kept for the network's collective engine
     * instead of expanded into messages.
     */
    public static Prepared prepare(Trace trace, boolean hardwareBarriers, boolean hardwareBroadcasts) {
        return new Prepared(CompiledTrace.of(trace, hardwareBarriers, hardwareBroadcasts));
    }

    /** A trace prepared for replay ({@link #prepare}). */
    public static final class Prepared {
        private final CompiledTrace compiled;

        private Prepared(CompiledTrace compiled) {
            this.compiled = compiled;
        }

        /** Ranks of the trace. */
        public int ranks() {
            return compiled.ranks;
        }

        /** Whether its barriers are kept for the network's collective engine. */
        public boolean hardwareBarriers() {
            return compiled.hardwareBarriers;
        }

        /** Whether its broadcasts are kept for the network's collective engine. */
        public boolean hardwareBroadcasts() {
            return compiled.hardwareBroadcasts;
        }

        /** Messages of one copy, collectives expanded. */
        public int messages() {
            return compiled.messages();
        }

        /** Events of one copy, collectives expanded. */
        public long events() {
            return compiled.expanded.eventCount();
        }

        /** Bytes of the messages of one copy. */
        public long bytes() {
            long b = 0;
            for (long x : compiled.bytes) {
                b += x;
            }
            return b;
        }

        /**
         * Packets one copy sends when replayed with {@code parameters}, if every rank runs to its
         * end: a message's packets, plus a request and a clear to send for a rendezvous; none for a
         * message to oneself; for a broadcast kept for the engine, a copy of each of its packets to
         * every rank but the root. Known before the run, so progress can count deliveries against it.
         */
        public long packets(ReplayParameters parameters) {
            long n = 0;
            for (long b : compiled.broadcastBytes) {
                n += parameters.packets(b) * (compiled.ranks - 1);
            }
            for (int m = 0; m < compiled.messages(); m++) {
                if (compiled.sender[m] != compiled.receiver[m]) {
                    long b = compiled.bytes[m];
                    n += parameters.packets(b) + (parameters.eager(b) ? 0 : 2);
                }
            }
            return n;
        }

        /** Receives with no matching send ("rank r, event i (text)"); a replay blocks on them. */
        public List<String> unmatchedReceives() {
            return List.copyOf(compiled.unmatchedReceives);
        }

        /** Sends with no matching receive. */
        public List<String> unmatchedSends() {
            return List.copyOf(compiled.unmatchedSends);
        }
    }

    /** The destinations of the packets. */
    public TrafficPattern pattern() {
        return pattern;
    }

    /** When each node posts its next packet. */
    public InjectionProcess injection() {
        return injection;
    }

    /** The observer that maps packets to messages and learns deliveries; part of the run's observers. */
    public NetworkObserver observer() {
        return observer;
    }

    // ------------------------------------------------------------------ the network's calls

    private long nextCycle(int node, long previous) {
        int g = rankAtNode[node];
        if (g < 0) {
            return InjectionProcess.NEVER;
        }
        if (!protocol.out.isEmpty(g)) {
            return Math.max(previous, protocol.out.firstCycle(g, 0));
        }
        if (resumeAt[g] > previous) {
            return resumeAt[g]; // a compute under way: wake at its end
        }
        if (state[g] == DONE) {
            return InjectionProcess.NEVER;
        }
        if (state[g] == BLOCKED && !dirty[g]) {
            return InjectionProcess.AFTER_DELIVERY;
        }
        dirty[g] = false;
        return advance(g, Math.max(clock[g], previous));
    }

    private int destination(int source) {
        int g = rankAtNode[source];
        if (g < 0 || protocol.out.isEmpty(g)) {
            return TrafficPattern.NONE; // the end of a compute: no packet
        }
        int code = protocol.out.take(g);
        codeAtNode[source] = code;
        if (code < 0) {
            if (code != HardwareBarriers.ENTRY) {
                broadcasts.sent(); // the engine's multicast packet: generated() maps it to its broadcast
            }
            return TrafficPattern.COLLECTIVE;
        }
        int kind = code & 3;
        packetsOfKind[kind]++;
        int gm = code >>> 2;
        int copy = gm / messagesPerCopy;
        int m = gm - copy * messagesPerCopy;
        int peer = kind == MessageProtocol.CLEAR ? trace.sender[m] : trace.receiver[m];
        return nodeOfRank[copy * ranks + peer];
    }

    private void generated(long packet, int source) {
        codeOfPacket.set(packet, codeAtNode[source]);
    }

    private void replicated(long packet, long copy) {
        codeOfPacket.set(copy, codeOfPacket.get(packet));
    }

    private void delivered(long packet, int node, long cycle) {
        int code = codeOfPacket.get(packet);
        if (code < 0) {
            int g = node < rankAtNode.length ? rankAtNode[node] : -1;
            if (g < 0) {
                throw new IllegalStateException("a multicast copy of a broadcast reached node " + node
                        + ", where no rank runs: the collective engine delivered it outside its group");
            }
            broadcasts.arrived(code, g, cycle);
            dirty[g] = true;
            return;
        }
        protocol.delivered(code, cycle);
    }

    private void barrierCompleted(int node, int group, long cycle) {
        int g = node < rankAtNode.length ? rankAtNode[node] : -1;
        if (g < 0 || g / ranks != group) {
            throw new IllegalStateException("a collective completion of group " + group + " reached node " + node
                    + ", where no rank of copy " + group + " runs");
        }
        barriers.completed(g, cycle);
        dirty[g] = true;
    }

    // ------------------------------------------------------------------ the ranks

    /** Runs rank g from cycle {@code now} until it posts a packet, computes, blocks or ends. */
    private long advance(int g, long now) {
        int copy = g / ranks;
        int r = g - copy * ranks;
        int base = copy * messagesPerCopy;
        byte[] ops = trace.op[r];
        long t = now;
        while (true) {
            protocol.flushPending(g, t);
            int i = pc[g];
            if (state[g] == BLOCKED) {
                long met = switch (ops[i]) {
                    case CompiledTrace.BARRIER -> barriers.met(g, trace.argument[r][i]);
                    case CompiledTrace.BCAST -> broadcasts.met(g, trace.argument[r][i], broadcastPackets(i, r));
                    default -> protocol.met(r, i, base);
                };
                if (met < 0) {
                    clock[g] = t;
                    return firstPosted(g, InjectionProcess.AFTER_DELIVERY);
                }
                t = Math.max(t, met);
                blockedCycles[g] += t - blockedSince[g];
                if (!protocol.lastMetBySend) {
                    receiveWaitCycles[g] += t - blockedSince[g];
                }
                if (activity != null && t > blockedSince[g]) {
                    activity.add(g, blockedSince[g], t, ACTIVITY_BLOCKED);
                }
                state[g] = RUNNING;
                pc[g] = ++i;
            }
            if (i == ops.length) {
                state[g] = DONE;
                finish[g] = t;
                clock[g] = t;
                return firstPosted(g, InjectionProcess.NEVER);
            }
            events++;
            switch (ops[i]) {
                case CompiledTrace.COMPUTE -> {
                    pc[g] = i + 1;
                    long d = parameters.computeCycles(trace.argument[r][i]);
                    if (d > 0) {
                        if (activity != null) {
                            activity.add(g, t, t + d, ACTIVITY_COMPUTE);
                        }
                        t += d;
                        clock[g] = t;
                        resumeAt[g] = t;
                        return firstPosted(g, t);
                    }
                }
                case CompiledTrace.SEND, CompiledTrace.ISEND -> {
                    protocol.postSend(g, base + (int) trace.argument[r][i], t);
                    block(g, i, ops[i] == CompiledTrace.SEND, t);
                }
                case CompiledTrace.RECV, CompiledTrace.IRECV -> {
                    long m = trace.argument[r][i];
                    if (m >= 0) {
                        protocol.postReceive(g, base + (int) m, t);
                    }
                    block(g, i, ops[i] == CompiledTrace.RECV, t);
                }
                case CompiledTrace.BARRIER -> {
                    protocol.post(g, t, HardwareBarriers.ENTRY, 1);
                    block(g, i, true, t);
                }
                case CompiledTrace.BCAST -> {
                    long ordinal = trace.argument[r][i];
                    boolean root = trace.broadcastRoot[(int) ordinal - 1] == r;
                    if (root && ranks > 1) {
                        protocol.post(g, t, broadcasts.code(copy, ordinal), broadcastPackets(i, r));
                    }
                    block(g, i, !root, t); // the root goes on at once, as after an eager send
                }
                default -> block(g, i, true, t); // wait, waitall
            }
        }
    }

    /**
     * The answer to the network while rank g has posted packets it has not taken: the posting cycle
     * of the first of them (the rest follow, one question each); {@code otherwise} when none is left.
     */
    private long firstPosted(int g, long otherwise) {
        return protocol.out.firstCycle(g, otherwise);
    }

    private void block(int g, int i, boolean blocking, long t) {
        if (blocking) {
            state[g] = BLOCKED;
            blockedSince[g] = t;
        } else {
            pc[g] = i + 1;
        }
    }

    /** Packets of the broadcast of rank r's event i. */
    long broadcastPackets(int i, int r) {
        return parameters.packets(trace.broadcastBytes[(int) trace.argument[r][i] - 1]);
    }

    /**
     * Records every rank's compute and blocked intervals from now on, for a plot of rank activity
     * ({@link #activity(int)}); call before the run. Memory grows with the events: for small traces.
     */
    public void recordActivity() {
        activity = new RankActivity(nodeOfRank.length);
    }

    /**
     * Global rank g's recorded intervals in time order, as (start, end, kind) triples, kind
     * {@link #ACTIVITY_COMPUTE} or {@link #ACTIVITY_BLOCKED}; empty unless {@link #recordActivity()}
     * was called. Time outside them the rank spent in the library without waiting, or had finished.
     */
    public long[] activity(int g) {
        return activity == null ? new long[0] : activity.of(g);
    }

    // ------------------------------------------------------------------ results

    /**
     * The collective groups of a replay with hardware barriers: one per copy of the trace, its
     * members the nodes of the copy's ranks.
     */
    public int[][] groups() {
        int[][] out = new int[copies][ranks];
        for (int g = 0; g < nodeOfRank.length; g++) {
            out[g / ranks][g % ranks] = nodeOfRank[g];
        }
        return out;
    }

    /** Whether the replay's barriers are performed by the network's collective engine. */
    public boolean hardwareBarriers() {
        return trace.hardwareBarriers;
    }

    /** Whether the replay's broadcasts are performed by the network's collective engine. */
    public boolean hardwareBroadcasts() {
        return trace.hardwareBroadcasts;
    }

    /** Ranks of the replay: copies x ranks of the trace. */
    public int ranks() {
        return nodeOfRank.length;
    }

    /** Copies of the trace side by side; global rank g belongs to copy {@code g / (ranks() / copies())}. */
    public int copies() {
        return copies;
    }

    /** True when every rank has reached the end of its events. */
    public boolean finished() {
        for (byte s : state) {
            if (s != DONE) {
                return false;
            }
        }
        return true;
    }

    /** The cycle the last rank finished (the execution time), or -1 while one has not. */
    public long executionCycles() {
        long last = 0;
        for (int g = 0; g < finish.length; g++) {
            if (state[g] != DONE) {
                return -1;
            }
            last = Math.max(last, finish[g]);
        }
        return last;
    }

    /** The cycle global rank g finished, or -1. */
    public long finishCycle(int g) {
        return finish[g];
    }

    /** Cycles global rank g spent blocked in send, recv, wait and waitall. */
    public long blockedCycles(int g) {
        return blockedCycles[g];
    }

    /**
     * Cycles global rank g spent waiting for receives: the blocked intervals that ended when a
     * receive's message arrived (a recv, or a wait whose last completed request was a receive);
     * the rest of {@link #blockedCycles} waited for sends (rendezvous handshakes and data).
     */
    public long receiveWaitCycles(int g) {
        return receiveWaitCycles[g];
    }

    /** The node of global rank g. */
    public int node(int g) {
        return nodeOfRank[g];
    }

    /** Packets generated, by kind: eager data, request to send, clear to send, rendezvous data. */
    public long packets(int kind) {
        return packetsOfKind[kind];
    }

    /** Packets generated of every kind. */
    public long packets() {
        return packetsOfKind[0] + packetsOfKind[1] + packetsOfKind[2] + packetsOfKind[3]
                + (broadcasts == null ? 0 : broadcasts.packets());
    }

    /** Names of the packet kinds of {@link #packets(int)}, in order. */
    public static List<String> packetKinds() {
        return List.of(KIND_NAMES);
    }

    /** Trace events the ranks have executed (collectives expanded). */
    public long events() {
        return events;
    }

    /** Messages of the replay (all copies), collectives expanded. */
    public int messages() {
        return protocol.packets.length;
    }

    /**
     * Latency of every delivered message in cycles, from the send's posting to the arrival of its
     * last data packet (for rendezvous, the handshake included); messages not delivered are left out.
     */
    public long[] messageLatencies() {
        return protocol.latencies();
    }

    /**
     * The ranks that have not finished, each with the operation it is in and what it waits for;
     * empty when every rank finished. After a run that ended with nothing left to move, these ranks
     * are in an application deadlock.
     */
    public List<String> unfinished() {
        return UnfinishedRanks.describe(this);
    }
}
