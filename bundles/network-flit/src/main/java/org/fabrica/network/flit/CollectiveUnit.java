package org.fabrica.network.flit;

import java.util.Arrays;
import org.fabrica.collective.CollectiveEngine;
import org.fabrica.collective.CollectivePacket;
import org.fabrica.collective.CollectiveProgram;
import org.fabrica.collective.NodeActions;
import org.fabrica.collective.RouterActions;
import org.fabrica.kernel.SimulationException;
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
 * <p>Collective packets are one flit, of class {@code PacketView.BARRIER} or {@code MULTICAST} so
 * queuing schemes may give them VCs of their own. They count as generated, replicated and
 * delivered (absorbed ones as delivered to the router's engine) in the network's conservation,
 * and observers do not see them as packets. Queued at an interface they wait as records whose
 * destination field holds a ticket for their class and header ({@link #ticket}).
 */
final class CollectiveUnit implements RouterActions, NodeActions, CollectivePacket {
    /** Flits of a collective packet. */
    static final int FLITS = 1;

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
    /** The processes' own entries, or null. */
    private final CollectiveProgram program;
    /** Entries of the program due, as a binary min-heap of (cycle, node). */
    private long[] entryCycle = new long[16];
    private int[] entryNode = new int[16];
    private int entries;
    private Links links;
    private NetworkInterfaces interfaces;

    // tickets: class and header of queued packets not yet in the pool, with a free list
    private int[] ticketClass = new int[16];
    private int[] ticketHeader = new int[16];
    private int[] ticketNext = new int[16];
    private int freeTicket;

    // completions the processes learn later, in time order (one delay for all): a ring
    private long[] dueCycle = new long[16];
    private int[] dueNode = new int[16];
    private int[] dueGroup = new int[16];
    private int dueHead;
    private int dueSize;

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

    CollectiveUnit(CollectiveEngine engine, String engineName, Wiring wiring, InputBuffers inputs,
            ActiveRouters routers, PacketPool pool, Progress progress, NetworkObserver observer, int receiveOverhead) {
        this(engine, engineName, wiring, inputs, routers, pool, progress, observer, receiveOverhead, 0, null);
    }

    CollectiveUnit(CollectiveEngine engine, String engineName, Wiring wiring, InputBuffers inputs,
            ActiveRouters routers, PacketPool pool, Progress progress, NetworkObserver observer, int receiveOverhead,
            int sendOverhead, CollectiveProgram program) {
        this.sendOverhead = sendOverhead;
        this.program = program;
        this.engine = engine;
        this.engineName = engineName;
        this.wiring = wiring;
        this.inputs = inputs;
        this.routers = routers;
        this.pool = pool;
        this.progress = progress;
        this.observer = observer;
        this.receiveOverhead = receiveOverhead;
        for (int i = 0; i < ticketNext.length; i++) {
            ticketNext[i] = i + 1 < ticketNext.length ? i + 1 : -1;
        }
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
        long at = c > Long.MAX_VALUE - sendOverhead ? Long.MAX_VALUE : c + sendOverhead;
        if (entries == entryCycle.length) {
            entryCycle = Arrays.copyOf(entryCycle, entries * 2);
            entryNode = Arrays.copyOf(entryNode, entries * 2);
        }
        int i = entries++;
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            if (entryCycle[parent] < at || entryCycle[parent] == at && entryNode[parent] <= n) {
                break;
            }
            entryCycle[i] = entryCycle[parent];
            entryNode[i] = entryNode[parent];
            i = parent;
        }
        entryCycle[i] = at;
        entryNode[i] = n;
    }

    /** The program's entries due by cycle {@code t} enter, earliest first (ties: lowest node). */
    void enterDue(long t) {
        while (entries > 0 && entryCycle[0] <= t) {
            int n = entryNode[0];
            long at = entryCycle[0];
            // pop the heap's root
            long lastCycle = entryCycle[--entries];
            int lastNode = entryNode[entries];
            int i = 0;
            while (true) {
                int child = 2 * i + 1;
                if (child >= entries) {
                    break;
                }
                if (child + 1 < entries && (entryCycle[child + 1] < entryCycle[child]
                        || entryCycle[child + 1] == entryCycle[child] && entryNode[child + 1] < entryNode[child])) {
                    child++;
                }
                if (lastCycle < entryCycle[child] || lastCycle == entryCycle[child] && lastNode <= entryNode[child]) {
                    break;
                }
                entryCycle[i] = entryCycle[child];
                entryNode[i] = entryNode[child];
                i = child;
            }
            entryCycle[i] = lastCycle;
            entryNode[i] = lastNode;
            enter(n, program.group(n), Math.max(at, t));
        }
    }

    /** Whether the program has entries to come. */
    boolean hasEntries() {
        return entries > 0;
    }

    void wire(Links l, NetworkInterfaces nis) {
        this.links = l;
        this.interfaces = nis;
    }

    // ---- entry

    /** Node {@code n}'s process entered an operation of {@code group} in cycle {@code t}. */
    void enter(int n, int group, long t) {
        entered++;
        node = n;
        now = t;
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
        if (decision == null) {
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
        int gpIn = base + wiring.localPort[l];
        int remaining = inputs.pop(iv, r);
        links.creditEvents.add(t + links.creditReturn[gpIn], wiring.creditTarget[gpIn] + wiring.localVc[l]);
        vc[x + InputBuffers.STATE] = InputBuffers.IDLE;
        vc[x + InputBuffers.SENT] = 0;
        vc[x + InputBuffers.CAND_COUNT] = 0;
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
        arrivedAtNodes++;
        slot = s;
        node = n;
        now = t;
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
        if (packetClass != PacketView.BARRIER && packetClass != PacketView.MULTICAST) {
            throw new IllegalArgumentException("collective engine '" + engineName + "' sent a packet of class "
                    + packetClass + "; collective packets are BARRIER (" + PacketView.BARRIER + ") or MULTICAST ("
                    + PacketView.MULTICAST + ")");
        }
        sent++;
        interfaces.enqueueCollective(node, packetClass, h, now);
    }

    @Override
    public void complete(int group) {
        if (node < 0) {
            throw new IllegalStateException("collective engine '" + engineName
                    + "': complete is a node action, valid only inside enter or atNode");
        }
        completions++;
        if (dueSize == dueCycle.length) {
            growDue();
        }
        int i = (dueHead + dueSize) % dueCycle.length;
        dueCycle[i] = now + receiveOverhead;
        dueNode[i] = node;
        dueGroup[i] = group;
        dueSize++;
    }

    /** Tells observers of the completions due by cycle {@code t}; true when there was one. */
    boolean notifyDue(long t) {
        boolean any = false;
        while (dueSize > 0 && dueCycle[dueHead] <= t) {
            long c = dueCycle[dueHead];
            int n = dueNode[dueHead];
            int g = dueGroup[dueHead];
            dueHead = (dueHead + 1) % dueCycle.length;
            dueSize--;
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

    /** No completion is waiting to be told. */
    boolean idle() {
        return dueSize == 0;
    }

    private void growDue() {
        int n = dueCycle.length;
        long[] c = new long[n * 2];
        int[] nd = new int[n * 2];
        int[] g = new int[n * 2];
        for (int k = 0; k < dueSize; k++) {
            int i = (dueHead + k) % n;
            c[k] = dueCycle[i];
            nd[k] = dueNode[i];
            g[k] = dueGroup[i];
        }
        dueCycle = c;
        dueNode = nd;
        dueGroup = g;
        dueHead = 0;
    }

    // ---- queued records

    /** A ticket for a queued collective packet of {@code packetClass} and header {@code h}: its record's destination is {@code -2 - ticket}. */
    int ticket(int packetClass, int h) {
        if (freeTicket < 0) {
            int n = ticketClass.length;
            ticketClass = Arrays.copyOf(ticketClass, n * 2);
            ticketHeader = Arrays.copyOf(ticketHeader, n * 2);
            ticketNext = Arrays.copyOf(ticketNext, n * 2);
            for (int i = n; i < n * 2; i++) {
                ticketNext[i] = i + 1 < n * 2 ? i + 1 : -1;
            }
            freeTicket = n;
        }
        int k = freeTicket;
        freeTicket = ticketNext[k];
        ticketClass[k] = packetClass;
        ticketHeader[k] = h;
        return k;
    }

    /** The pool slot of the queued collective packet whose record's destination is {@code code} ({@code -2 - ticket}), at node {@code n}. */
    int materialize(int n, long id, int code, long created) {
        int k = -2 - code;
        int s = pool.allocate(id, n, n, FLITS, created);
        pool.packetClass[s] = (byte) ticketClass[k];
        pool.header[s] = ticketHeader[k];
        ticketNext[k] = freeTicket;
        freeTicket = k;
        return s;
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
