package org.fabrica.network.flit;

import org.fabrica.collective.CollectiveEngine;
import org.fabrica.collective.CollectivePacket;
import org.fabrica.collective.CollectiveProgram;
import org.fabrica.collective.NodeActions;
import org.fabrica.collective.RouterActions;
import org.fabrica.kernel.SimulationException;
import org.fabrica.network.parts.ServiceLevels;
import org.fabrica.routing.PacketView;
import org.fabrica.stats.NetworkObserver;

/**
 * The network's side of a collective engine ({@code org.fabrica.collective}, docs/collectives.md):
 * the three places where the engine decides, and the collective packets' life around them.
 * <ul>
 * <li><b>Entry.</b> A node whose traffic enters a collective operation
 * ({@code TrafficPattern.COLLECTIVE}, after the send overhead) asks the engine, which may send
 * packets from the node's interface ({@link #enter}).</li>
 * <li><b>Routers.</b> A collective packet's head at the route stage is routed by the engine, not
 * the routing algorithm ({@link #atRouter}): forwarded to one output, branched to several at once
 * (the multi-output request), or absorbed by the router's engine: the flit leaves its buffer, its
 * credit returns upstream like a flit that crossed the switch, and it goes nowhere
 * ({@link #absorb}). A forward or branch may first rewrite the packet's header.</li>
 * <li><b>Interfaces.</b> A collective packet reaching a node's interface is handed to the engine
 * when its tail arrives, without the receive overhead (the interface's engine, not the process);
 * the engine may send packets and declare the node's operation complete, which the process (and
 * observers, {@code collectiveCompleted}) learns the receive overhead later ({@link #notifyDue}).</li>
 * </ul>
 * With a {@link CollectiveProgram} (processes entering operations besides the traffic, e.g. a
 * barrier loop beside steady load), its entries wait in a calendar here and enter in their cycle
 * plus the send overhead ({@link #enterDue}); a completion asks it for the node's next entry.
 *
 * <p><b>Sent by a router.</b> An engine may send a new packet from a router
 * ({@link RouterActions#send}): it enters the router as if it arrived on the input side of the
 * port it will leave by, in the lowest VC the queuing scheme gives its class there, as soon as
 * that buffer has a slot the port's upstream is not using (no packet of the upstream holds that
 * VC): the engine takes one of the upstream's credits, which returns when the packet leaves, so
 * the credit count stays exact ({@link RouterSends}).
 *
 * <p><b>Timers.</b> An engine may ask to be called again at a router or an interface in a given
 * cycle ({@code timer}); due timers fire before the interfaces inject ({@link #fireTimers}).
 *
 * <p><b>Lossy links.</b> A collective packet that crosses a link may be corrupted
 * ({@link LinkErrors}); the receiver's CRC check drops it: a router absorbs it at the route stage
 * without asking the engine, an interface discards it. The drops are counted.
 *
 * <p>Collective packets are one flit, of class {@code PacketView.BARRIER} or {@code MULTICAST} so
 * queuing schemes may give them VCs of their own. They count as generated, replicated and
 * delivered (absorbed ones as delivered to the router's engine) in the network's conservation,
 * and observers do not see them as packets. Queued at an interface they wait as records whose
 * destination field holds a ticket for their class and header ({@link CollectiveTickets}).
 */
final class CollectiveUnit implements RouterActions, NodeActions, CollectivePacket {
    /** Flits of a barrier packet (a multicast packet has the run's packet length). */
    static final int FLITS = 1;
    /**
     * The class of the engine's own packets, which observers do not see and which links may
     * corrupt: barrier packets. Multicast packets carry the traffic's data: observers see them
     * like unicast packets (generated at the source, copied at branch points, delivered to every
     * member), and the engine learns of each delivery too.
     */
    static final byte HIDDEN = PacketView.BARRIER;

    private final CollectiveEngine engine;
    private final String engineName;
    private final Wiring wiring;
    private final InputBuffers inputs;
    private final ActiveRouters routers;
    private final PacketPool pool;
    private final Progress progress;
    private final NetworkObserver observer;
    private final int receiveOverhead;
    private final int sendOverhead;
    /** The processes' own entries, or null, and those due: by cycle, ties by node. */
    private final CollectiveProgram program;
    private final GenerationCalendar entries;
    private Links links;
    private NetworkInterfaces interfaces;
    /** Queued packets' class and header until they take a pool slot. */
    final CollectiveTickets tickets;
    /** Completions the processes learn later. */
    private final CompletionQueue due = new CompletionQueue();
    /** Packets routers' engines send, waiting for a slot. */
    final RouterSends routerSends;
    private final EngineTimers timers = new EngineTimers();
    private LinkErrors errors;
    /** What a router call may do: a decision on a packet (false: a timer, which may only send and set timers). */
    private boolean timerCall;

    // the decision under way
    private int slot;
    private int router;
    private int node = -1;
    private long now;
    private CandidateList decision;
    private boolean absorbed;

    long entered;
    long sent;
    long absorbedPackets;
    long arrivedAtNodes;
    long completions;
    /** Collective packets dropped by a CRC check. */
    long dropped;
    long multicastSent;
    /** The cycle the packets an interface's engine sends were created: the entry's posting cycle inside {@link #enter}, else now. */
    private long createdAt;

    CollectiveUnit(CollectiveEngine engine, String engineName, Wiring wiring, InputBuffers inputs,
            ActiveRouters routers, PacketPool pool, Progress progress, NetworkObserver observer, int receiveOverhead) {
        this(engine, engineName, wiring, inputs, routers, pool, progress, observer, receiveOverhead, 0, null);
    }

    CollectiveUnit(CollectiveEngine engine, String engineName, Wiring wiring, InputBuffers inputs,
            ActiveRouters routers, PacketPool pool, Progress progress, NetworkObserver observer, int receiveOverhead,
            int sendOverhead, CollectiveProgram program) {
        this.sendOverhead = sendOverhead;
        this.program = program;
        this.entries = new GenerationCalendar(wiring.nodes);
        this.tickets = new CollectiveTickets(pool);
        this.routerSends = new RouterSends(engineName, wiring, inputs, pool, progress);
        this.engine = engine;
        this.engineName = engineName;
        this.wiring = wiring;
        this.inputs = inputs;
        this.routers = routers;
        this.pool = pool;
        this.progress = progress;
        this.observer = observer;
        this.receiveOverhead = receiveOverhead;
        if (program != null) {
            for (int n = 0; n < wiring.nodes; n++) {
                long c;
                try {
                    c = program.firstEntry(n);
                } catch (RuntimeException e) {
                    throw new IllegalArgumentException("the collective program failed giving node " + n
                            + "'s first entry: " + e, e);
                }
                schedule(n, c, -1);
            }
        }
    }

    /** Queues node {@code n}'s entry posted in cycle {@code c} (none when negative); it may not be before {@code notBefore}. */
    private void schedule(int n, long c, long notBefore) {
        if (c < 0) {
            return;
        }
        if (c < notBefore) {
            throw new SimulationException("the collective program gave node " + n + " an entry at cycle " + c
                    + ", before the completion it answers (cycle " + notBefore + ")");
        }
        entries.add(Math.min(c, entries.maxCycle() - sendOverhead) + sendOverhead, n);
    }

    /** The program's entries due by cycle {@code t} enter, earliest first (ties: lowest node). */
    void enterDue(long t) {
        while (!entries.isEmpty() && entries.peekCycle() <= t) {
            int n = entries.peekNode();
            long at = entries.peekCycle();
            entries.removeFirst();
            enter(n, program.group(n), Math.max(at, t));
        }
    }

    /** Whether the program has entries to come. */
    boolean hasEntries() {
        return !entries.isEmpty();
    }

    void wire(Links l, NetworkInterfaces nis) {
        this.links = l;
        this.interfaces = nis;
    }

    void packetFlits(int flits) {
        tickets.packetFlits(flits);
    }

    void wire(OutputUnits o, org.fabrica.queuing.QueuingScheme scheme, ServiceLevels levels, LinkErrors linkErrors) {
        routerSends.wire(o, interfaces, scheme, levels);
        this.errors = linkErrors;
    }

    /** Replaces the link errors (tests: a scripted drop). */
    void linkErrors(LinkErrors e) {
        this.errors = e;
    }

    /** Whether the collective packet in {@code slot}, crossing a link now, arrives corrupted (marks it). */
    boolean crossLink(int s) {
        if (errors != null && errors.corrupt(pool.packetClass[s], pool.header[s])) {
            pool.corrupt[s] = true;
            return true;
        }
        return false;
    }

    // ---- packets routers send

    @Override
    public void send(int port, int packetClass, int h) {
        if (node >= 0 || decision == null && !timerCall) {
            throw new IllegalStateException("collective engine '" + engineName + "': send(port, ...) is a router action,"
                    + " valid only inside atRouter or routerTimer");
        }
        checkPort(port);
        if (packetClass != HIDDEN) {
            throw new IllegalArgumentException("collective engine '" + engineName + "' sent a packet of class "
                    + packetClass + " from router " + router + "; routers send barrier-class packets only (one flit)");
        }
        routerSends.add(router, port, packetClass, h);
    }

    /** Whether routers have packets waiting to enter. */
    boolean hasSends() {
        return !routerSends.isEmpty();
    }

    void flushSends(long t) {
        routerSends.flush(t);
    }

    // ---- timers

    @Override
    public void timer(long cycle, int token) {
        int vertex;
        if (node >= 0) {
            vertex = ~node;
        } else if (decision != null || timerCall) {
            vertex = router;
        } else {
            throw new IllegalStateException("collective engine '" + engineName + "': timer is valid only inside an"
                    + " engine call");
        }
        timers.add(Math.max(cycle, now + 1), vertex, token);
    }

    boolean hasTimers() {
        return !timers.isEmpty();
    }

    /** The timers due by cycle {@code t} fire, earliest first. */
    void fireTimers(long t) {
        while (!timers.isEmpty() && timers.peekCycle() <= t) {
            int vertex = timers.peekVertex();
            int token = timers.peekToken();
            timers.removeFirst();
            now = t;
            try {
                if (vertex < 0) {
                    node = ~vertex;
                    createdAt = t;
                    engine.nodeTimer(node, token, t, this);
                } else {
                    router = vertex;
                    timerCall = true;
                    engine.routerTimer(vertex, token, t, this);
                }
            } catch (SimulationException e) {
                throw e;
            } catch (RuntimeException e) {
                throw new SimulationException("collective engine '" + engineName + "' failed in a timer at "
                        + (vertex < 0 ? "node " + ~vertex : "router " + vertex) + " at cycle " + t + ": " + e, e);
            } finally {
                node = -1;
                timerCall = false;
            }
        }
    }

    // ---- entry

    /** Node {@code n}'s process entered an operation of {@code group} in cycle {@code t}. */
    void enter(int n, int group, long t) {
        enter(n, group, t, t);
    }

    /**
     * Node {@code n}'s process entered an operation of {@code group} in cycle {@code t}, having posted
     * it in cycle {@code posted} (the send overhead between): packets sent now were created then.
     */
    void enter(int n, int group, long t, long posted) {
        entered++;
        node = n;
        now = t;
        createdAt = posted;
        try {
            engine.enter(n, group, t, this);
        } catch (SimulationException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new SimulationException("collective engine '" + engineName + "' failed when node " + n
                    + " entered group " + group + " at cycle " + t + ": " + e, e);
        } finally {
            node = -1;
        }
    }

    // ---- routers

    /**
     * The engine's decision for the collective packet in {@code slot} at router {@code r}; fills
     * {@code c} with its outputs, or returns true when the router absorbs it.
     */
    boolean atRouter(int r, int inPort, int s, long t, CandidateList c) {
        if (pool.corrupt[s]) {
            dropped++; // the CRC check fails: the packet goes no further
            return true;
        }
        int sentTo = pool.routingState[s] - 1;
        if (sentTo >= 0) {
            // a packet this router's engine sent: out through its port, the engine is not asked again
            pool.routingState[s] = 0;
            int gp = wiring.portBase[r] + sentTo;
            if (wiring.flitTarget[gp] == Wiring.TERMINAL) {
                pool.destination[s] = wiring.terminalNode[gp];
            }
            c.add(sentTo, 0);
            return false;
        }
        slot = s;
        router = r;
        now = t;
        decision = c;
        absorbed = false;
        try {
            engine.atRouter(r, inPort, this, t, this);
        } catch (SimulationException e) {
            throw e;
        } catch (RuntimeException e) {
            throw fault("threw " + e, e);
        } finally {
            decision = null;
        }
        if (absorbed) {
            if (c.count > 0) {
                throw fault("both absorbed the packet and sent it on", null);
            }
            return true;
        }
        if (c.count == 0) {
            throw fault("neither absorbed the packet nor gave it an output", null);
        }
        if (!c.branches && c.count > 1) {
            throw fault("forwarded the packet to " + c.count + " outputs; use branch for several", null);
        }
        if (c.mixed) {
            throw fault("mixed forward and branch in one decision", null);
        }
        if (!c.branches) {
            pool.replication[s] = 0; // a replication delay applies to a branch decision only
        }
        return false;
    }

    @Override
    public void absorb() {
        requireRouterCall("absorb");
        absorbed = true;
    }

    @Override
    public void forward(int port) {
        requireRouterCall("forward");
        checkPort(port);
        int gp = wiring.portBase[router] + port;
        if (wiring.flitTarget[gp] == Wiring.TERMINAL) {
            pool.destination[slot] = wiring.terminalNode[gp];
        }
        decision.add(port, 0);
    }

    @Override
    public void branch(int port) {
        requireRouterCall("branch");
        checkPort(port);
        decision.addBranch(port, 0);
    }

    @Override
    public void replicationDelay(int cycles) {
        requireRouterCall("replicationDelay");
        if (cycles < 0) {
            throw fault("asked for a replication delay of " + cycles + " cycles; use >= 0", null);
        }
        pool.replication[slot] = cycles;
    }

    @Override
    public void header(int h) {
        requireRouterCall("header");
        pool.header[slot] = h;
    }

    private void checkPort(int port) {
        int np = wiring.ports(router);
        if (port < 0 || port >= np) {
            throw fault("chose output port " + port + ", out of range 0.." + (np - 1), null);
        }
        if (wiring.flitTarget[wiring.portBase[router] + port] == Wiring.UNUSED) {
            throw fault("chose output port " + port + " (" + wiring.portLabel(router, port) + "), which is not connected",
                    null);
        }
    }

    private void requireRouterCall(String what) {
        if (decision == null || timerCall) {
            throw new IllegalStateException("collective engine '" + engineName + "': " + what
                    + " is a router action, valid only inside atRouter");
        }
    }

    /**
     * The router's engine takes the front flit (the whole one-flit packet) of local input queue
     * {@code l} of router {@code r}: it leaves its buffer and its credit returns upstream as if it
     * had crossed the switch; nothing goes out.
     */
    void absorb(int r, int base, int ivBase, int l, long t) {
        int iv = ivBase + l;
        int[] vc = inputs.vc;
        int x = iv << InputBuffers.VC_SHIFT;
        int s = vc[x + InputBuffers.FRONT_SLOT];
        int gpIn = base + wiring.localPort[wiring.localBase[r] + l];
        int remaining = inputs.pop(iv, r);
        links.creditEvents.add(t + links.creditReturn[gpIn], wiring.creditTarget[gpIn] + wiring.localVc[wiring.localBase[r] + l]);
        vc[x + VcStates.STATE] = VcStates.IDLE;
        vc[x + VcStates.SENT] = 0;
        vc[x + VcStates.CAND_COUNT] = 0;
        if (remaining == 0) {
            routers.rt[r * routers.stride + ActiveRouters.VA + (l >>> 6)] &= ~(1L << l);
        }
        Progress pr = progress;
        pr.lastMove = t;
        pr.inNetwork--;
        interfaces.delivered++;
        absorbedPackets++;
        pool.release(s);
    }

    // ---- interfaces

    /** The collective packet in {@code slot} arrived at node {@code n}'s interface in cycle {@code t}. */
    void atNode(int n, int s, long t) {
        if (pool.packetClass[s] == HIDDEN) {
            arrivedAtNodes++;
        }
        if (pool.corrupt[s]) {
            dropped++;
            return;
        }
        slot = s;
        node = n;
        now = t;
        createdAt = t;
        try {
            engine.atNode(n, this, t, this);
        } catch (SimulationException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new SimulationException("collective engine '" + engineName + "' failed at node " + n + " for "
                    + describe(s) + " at cycle " + t + ": " + e, e);
        } finally {
            node = -1;
        }
    }

    @Override
    public void send(int packetClass, int h) {
        if (node < 0) {
            throw new IllegalStateException("collective engine '" + engineName
                    + "': send is a node action, valid only inside enter or atNode");
        }
        checkClass(packetClass);
        if (packetClass == HIDDEN) {
            sent++;
        } else {
            multicastSent++;
        }
        interfaces.enqueueCollective(node, packetClass, h, createdAt);
    }

    private void checkClass(int packetClass) {
        if (packetClass != PacketView.BARRIER && packetClass != PacketView.MULTICAST) {
            throw new IllegalArgumentException("collective engine '" + engineName + "' sent a packet of class "
                    + packetClass + "; collective packets are BARRIER (" + PacketView.BARRIER + ") or MULTICAST ("
                    + PacketView.MULTICAST + ")");
        }
    }

    @Override
    public void complete(int group) {
        if (node < 0) {
            throw new IllegalStateException("collective engine '" + engineName
                    + "': complete is a node action, valid only inside enter or atNode");
        }
        completions++;
        due.add(now + receiveOverhead, node, group);
    }

    /** Tells observers of the completions due by cycle {@code t}; true when there was one. */
    boolean notifyDue(long t) {
        boolean any = false;
        while (!due.isEmpty() && due.peekCycle() <= t) {
            long c = due.peekCycle();
            int n = due.peekNode();
            int g = due.peekGroup();
            due.removeFirst();
            observer.collectiveCompleted(n, g, c);
            if (program != null) {
                long next;
                try {
                    next = program.nextEntry(n, g, c);
                } catch (RuntimeException e) {
                    throw new SimulationException("the collective program failed giving node " + n + "'s next entry after"
                            + " its completion of group " + g + " at cycle " + c + ": " + e, e);
                }
                schedule(n, next, c);
            }
            any = true;
        }
        return any;
    }

    /** Collective packets that ended: absorbed in a router or taken by an interface's engine. */
    long ended() {
        return absorbedPackets + arrivedAtNodes;
    }

    /** Collective packets created: sent by interfaces and by routers. */
    long created() {
        return sent + routerSends.sent;
    }

    /** No completion is waiting to be told. */
    boolean idle() {
        return due.isEmpty();
    }

    // ---- CollectivePacket: the packet under decision

    @Override
    public long id() {
        return pool.id[slot];
    }

    @Override
    public int source() {
        return pool.source[slot];
    }

    @Override
    public int packetClass() {
        return pool.packetClass[slot];
    }

    @Override
    public int header() {
        return pool.header[slot];
    }

    private String describe(int s) {
        return "collective packet " + pool.id[s] + " (class " + pool.packetClass[s] + ", header 0x"
                + Integer.toHexString(pool.header[s]) + ", from node " + pool.source[s] + ")";
    }

    private SimulationException fault(String what, Throwable cause) {
        String m = "collective engine '" + engineName + "' " + what + " at router " + router + " for " + describe(slot)
                + " at cycle " + now;
        return cause == null ? new SimulationException(m) : new SimulationException(m, cause);
    }
}
