package org.fabrica.network.flit;

import org.fabrica.hardware.InjectionQueues;
import org.fabrica.network.ProviderNames;
import org.fabrica.stats.NetworkObserver;
import org.fabrica.throttle.Throttle;

/**
 * The network interfaces (NIs) of the end nodes: source queues, injection into the router, and
 * delivery. What every injection discipline shares is here (the source queues, the list of NIs
 * with queued packets, sending one flit, delivery); each discipline is its own class, chosen once
 * by {@link #of}:
 * <ul>
 * <li>{@link SourceQueueInterfaces}: one FIFO source queue per node, packets one after the other;</li>
 * <li>{@link ThrottledInterfaces}: with an active throttle, one source queue (lane) per first-hop port;</li>
 * <li>{@link PerVcQueueInterfaces}: one injection queue per VC ({@code InjectionQueues.PER_VC}), flits
 * interleaved on the terminal link;</li>
 * <li>{@link AdmittanceInterfaces}: per-VC queues fed by admittance queues per destination
 * ({@code InjectionQueues.PER_VC_ADMITTANCE}).</li>
 * </ul>
 * A flit sent in cycle t is visible at the router in {@code t + injectDelay}, so a packet ready in
 * cycle t can send its head in cycle t. An NI without credits sleeps ({@link #niWaiting}) until
 * one returns.
 *
 * <h2>Delivery</h2>
 * A terminal output port feeds the NI's ejection buffer, treated like any downstream input buffer
 * that drains at once. A packet is delivered {@code receiveOverhead} cycles after its tail arrived
 * ({@link #deliverAt}); observers see it then. A unicast packet corrupted on its way is dropped
 * by the interface's CRC check instead, and its source sends it again
 * ({@link UnicastRetransmission}).
 */
abstract sealed class NetworkInterfaces
        permits SourceQueueInterfaces, ThrottledInterfaces, PerVcQueueInterfaces {
    /** The model's parts the interfaces work on. */
    record Parts(Wiring wiring, OutputUnits outputs, InputBuffers inputs, PacketPool pool, Progress progress,
            NetworkObserver observer, ProviderNames names) {
    }

    /**
     * Flow control and the interfaces' delays: {@code injectDelay} from sending a flit to its being
     * visible at the router, {@code flitDelay} the slowest way of a flit into an interface (it sizes
     * the delivery wheel), {@code injectCyclesPerFlit} the terminal link's serialisation.
     */
    record Timing(boolean cutThrough, boolean waitForTailCredit, int packetFlits, int injectDelay, int flitDelay,
            int receiveOverhead, int injectCyclesPerFlit) {
    }

    /**
     * The interfaces of {@code injection}'s discipline; with an active throttle one lane per
     * first-hop port ({@code maxPorts} per node), which only single injection queues allow.
     */
    static NetworkInterfaces of(Parts parts, Timing timing, InjectionQueues injection, Throttle throttle,
            boolean throttleActive, int maxPorts) {
        if (injection != InjectionQueues.SINGLE && throttleActive) {
            throw new IllegalArgumentException("a throttle keeps one source queue per first-hop port and cannot be combined"
                    + " with one injection queue per VC; use injection queues SINGLE with a throttle");
        }
        return switch (injection) {
            case SINGLE -> throttleActive ? new ThrottledInterfaces(parts, timing, throttle, maxPorts)
                    : new SourceQueueInterfaces(parts, timing);
            case PER_VC -> new PerVcQueueInterfaces(parts, timing);
            case PER_VC_ADMITTANCE -> new AdmittanceInterfaces(parts, timing);
        };
    }

    /**
     * Source-queue lanes per node: one per first-hop output port when a throttle is active, one
     * per VC with per-VC queues, otherwise one. Lane {@code q} of node {@code n} is queue {@code n * lanes + q}.
     */
    final int lanes;
    /** Compact records of the queued packets; a packet takes a pool slot at the front of its lane. */
    final SourceQueues queues;
    /** Packets queued at each node, over all its lanes. */
    final int[] niQueued;
    /** The NI could not send for lack of credits; cleared when a credit returns to it. */
    final boolean[] niWaiting;
    private final boolean[] niActive;
    /** The NIs with queued packets, {@link #activeNiCount} of them, in the order they got their first. */
    final int[] activeNis;
    int activeNiCount;
    long generated;
    /** Copies made by multi-output routes (each delivered on its own). */
    long replicated;
    /** Of {@link #replicated}, the copies of collective packets. */
    long collectiveCopies;
    long delivered;
    /** Node-cycles in which an interface could start a packet and the throttle held back every one it had queued. */
    long heldCycles;

    final Wiring wiring;
    final OutputUnits outputs;
    final PacketPool pool;
    final ProviderNames names;
    final ScratchPacket firstHopScratch = new ScratchPacket();
    RouteStage route;
    /** The queuing scheme chooses virtual networks: each packet asks it once at its source. */
    boolean choosesNetworks;
    final int vcs;
    final boolean cutThrough;
    /** Virtual cut-through with buffers of several sizes: a packet without a VC checks that one could ever hold it. */
    final boolean checkRoom;
    final boolean waitForTailCredit;
    final int packetFlits;
    /** The terminal link takes a flit every this many cycles; per node the first cycle it is free again. */
    final int injectCyclesPerFlit;
    private final int[] niFree;
    /** Outputs send whole packets (OutputInterleaving.PACKETS): so does the terminal link of per-VC lanes. */
    boolean wholePackets;
    /** The collective engine's side, or null; set when the run has an engine. */
    CollectiveUnit collectives;

    private final InputBuffers inputs;
    private final Progress progress;
    private final NetworkObserver observer;
    private final EventWheel deliveries;
    private InvariantChecks checks;
    private final int injectDelay;
    private final int receiveOverhead;

    NetworkInterfaces(Parts parts, Timing timing, int lanes) {
        this.wiring = parts.wiring();
        this.outputs = parts.outputs();
        this.inputs = parts.inputs();
        this.pool = parts.pool();
        this.progress = parts.progress();
        this.observer = parts.observer();
        this.names = parts.names();
        this.vcs = wiring.vcs;
        this.cutThrough = timing.cutThrough();
        this.checkRoom = cutThrough && !outputs.uniform();
        this.waitForTailCredit = timing.waitForTailCredit();
        this.packetFlits = timing.packetFlits();
        this.injectDelay = timing.injectDelay();
        this.receiveOverhead = timing.receiveOverhead();
        this.injectCyclesPerFlit = timing.injectCyclesPerFlit();
        int nodes = wiring.nodes;
        this.niFree = new int[nodes];
        this.lanes = lanes;
        this.queues = new SourceQueues(nodes * lanes, lanes > 1);
        niQueued = new int[nodes];
        niWaiting = new boolean[nodes];
        niActive = new boolean[nodes];
        activeNis = new int[nodes];
        deliveries = new EventWheel(timing.flitDelay() + receiveOverhead + 1);
    }

    void wire(RouteStage routeStage, InvariantChecks invariantChecks) {
        this.route = routeStage;
        this.choosesNetworks = routeStage.choosesVirtualNetworks();
        this.checks = invariantChecks;
    }

    /** Unicast losses and their retransmission (set by the network before the first cycle). */
    UnicastRetransmission retransmission;
    /** Links may corrupt unicast packets: one draw per packet. */
    private boolean lossy;

    void retransmission(UnicastRetransmission r) {
        this.retransmission = r;
        this.lossy = r.lossy();
    }

    /** Dropped unicast packets waiting to be sent again by their sources. */
    final int awaitingResend() {
        return retransmission == null ? 0 : retransmission.waiting();
    }

    // ---- source queues

    /** The run's collective engine sends packets through these interfaces (disciplines that cannot refuse). */
    void collectives(CollectiveUnit unit) {
        this.collectives = unit;
    }

    /**
     * Queues a one-flit collective packet of {@code packetClass} and header {@code header} at node
     * {@code n} (the collective engine's send): behind the node's packets in a single source queue,
     * or in the shortest injection queue of its VCs.
     */
    final void enqueueCollective(int n, int packetClass, int header, long t) {
        long id = progress.nextPacketId++;
        generated++;
        int flits = packetClass == CollectiveUnit.HIDDEN ? CollectiveUnit.FLITS : packetFlits;
        if (packetClass != CollectiveUnit.HIDDEN) {
            // a multicast packet is the traffic's data: observers see it generated, copied and delivered
            observer.packetGenerated(id, n, n, flits, t);
        }
        int code = -2 - collectives.tickets.ticket(packetClass, header);
        if (lanes == 1) {
            queues.add(n, id, t, code, 0);
        } else {
            ScratchPacket p = firstHopScratch;
            p.set(id, n, n, flits, t);
            p.packetClass(packetClass);
            queues.add(n * lanes + shortestLane(n, route.injectionMask(n, p)), id, t, code, 0, 0);
            niWaiting[n] = false;
        }
        joinedQueue(n);
    }

    /** Queues a newly generated packet at node {@code n}. */
    abstract void enqueue(int n, long id, int destination, long created, long t);

    /** A packet joined node {@code n}'s queues: counted, and the NI listed if it was not. */
    final void joinedQueue(int n) {
        niQueued[n]++;
        if (!niActive[n]) {
            niActive[n] = true;
            activeNis[activeNiCount++] = n;
        }
    }

    /** Per-VC queues: the lane (VC) of {@code mask} with the fewest queued packets, the lowest on ties. */
    final int shortestLane(int n, long mask) {
        int best = -1;
        int bestSize = Integer.MAX_VALUE;
        for (long m = mask; m != 0; m &= m - 1) {
            int v = Long.numberOfTrailingZeros(m);
            int size = queues.size(n * lanes + v);
            if (size < bestSize) {
                best = v;
                bestSize = size;
            }
        }
        return best;
    }

    /** Whether node {@code n}'s interface is sending a packet in VC {@code v} (its flits not all sent). */
    abstract boolean sendingOn(int n, int v);

    /** Packets waiting in the admittance queues of every node (0 without them). */
    long admitting() {
        return 0;
    }

    /** Packets waiting in the source queue of {@code node} (the one being injected included). */
    final int queued(int node) {
        return niQueued[node];
    }

    // ---- injection

    /** Every NI with queued packets sends a flit if it can; NIs whose queues emptied leave the active list ({@link #keepActive}). */
    abstract void injectAll(long t, int tl);

    /** After every listed NI had its turn: those whose queues emptied leave the list. */
    final void keepActive() {
        int kept = 0;
        for (int i = 0; i < activeNiCount; i++) {
            int n = activeNis[i];
            if (niQueued[n] > 0) {
                activeNis[kept++] = n;
            } else {
                niActive[n] = false;
            }
        }
        activeNiCount = kept;
    }

    /** Node {@code n} cannot send in cycle {@code tl}: nothing queued, asleep without credit, or its terminal link still busy. */
    final boolean idle(int n, int tl) {
        return niQueued[n] == 0 || niWaiting[n] || injectCyclesPerFlit > 1 && tl - niFree[n] < 0;
    }

    /**
     * Packets one after the other: the VC of {@code mask} after {@code last}, round robin, with a
     * credit (virtual cut-through: credits for all {@code length} flits; with {@code waitForTailCredit}
     * every credit) in the credit counters from {@code ciBase}, or -1.
     */
    final int freeVc(long mask, int last, int length, int ciBase) {
        int[] credits = outputs.credits;
        for (int i = 1; i <= vcs; i++) {
            int c = last + i;
            if (c >= vcs) {
                c -= vcs;
            }
            if ((mask >>> c & 1L) == 0) {
                continue;
            }
            int cr = credits[ciBase + c];
            if (cutThrough ? cr < length : cr <= 0) {
                continue;
            }
            if (waitForTailCredit && cr != outputs.capacityOf(ciBase + c)) {
                continue;
            }
            return c;
        }
        return -1;
    }

    /**
     * Node {@code n} sends a flit of the packet in {@code slot} (its credit already taken) on VC
     * {@code v} of its terminal link in cycle {@code t}: it arrives at the router, visible after the
     * injection delay; the head's departure is the packet's injection.
     */
    final void send(int n, int v, int slot, boolean head, long t, int tl) {
        niFree[n] = tl + injectCyclesPerFlit;
        int gp = wiring.nodeInPort[n];
        inputs.arrive(gp * vcs + v, wiring.nodeRouter[n], wiring.portLocal[gp] * vcs + v, slot, tl + injectDelay, head);
        Progress pr = progress;
        pr.flitHops++;
        pr.lastMove = t;
        if (head) {
            pool.injected[slot] = t;
            pool.state[slot] = PacketPool.IN_NETWORK;
            pr.inNetwork++;
            if (pool.packetClass[slot] != CollectiveUnit.HIDDEN) {
                observer.packetInjected(pool.id[slot], n, t);
            } else {
                collectives.crossLink(slot);
            }
        }
    }

    /**
     * Virtual cut-through: the packet in {@code slot} at node {@code n} found no VC of {@code mask}
     * with credits for all of it; fails the point when none of those VCs could ever hold it
     * ({@link CutThroughFit}).
     */
    final void requireRoom(int n, int slot, long mask, int ciBase) {
        int length = pool.length[slot];
        for (long m = mask; m != 0; m &= m - 1) {
            if (outputs.capacityOf(ciBase + Long.numberOfTrailingZeros(m)) >= length) {
                return;
            }
        }
        StringBuilder vcsText = new StringBuilder(); // the point fails: allocating is fine now
        for (long m = mask; m != 0; m &= m - 1) {
            int c = Long.numberOfTrailingZeros(m);
            vcsText.append(vcsText.length() == 0 ? "" : ", ").append("VC ").append(c).append(" (")
                    .append(outputs.capacityOf(ciBase + c)).append(" flits)");
        }
        throw CutThroughFit.never(pool.name(slot), length, "when node " + n + " injects it", vcsText.toString());
    }

    /**
     * The pool slot of the front packet of queue {@code qi} (node {@code n}), taken from the pool
     * the first time the packet is looked at there: queued packets are compact records until then.
     */
    final int frontSlot(int n, int qi) {
        int slot = queues.frontSlot(qi);
        if (slot < 0) {
            int destination = queues.frontDestination(qi);
            if (destination < 0) {
                // a collective packet: its record holds a ticket for its class and header
                slot = collectives.tickets.materialize(n, queues.frontId(qi), destination, queues.frontCreated(qi));
                queues.frontSlot(qi, slot);
                return slot;
            }
            slot = pool.allocate(queues.frontId(qi), n, destination, packetFlits, queues.frontCreated(qi));
            queues.frontSlot(qi, slot);
            if (choosesNetworks) {
                // one source queue: the network is chosen now, as the packet is offered; with lanes it was
                // chosen when the packet was queued (its lane depends on it)
                pool.virtualNetwork[slot] = (byte) (lanes == 1 ? route.virtualNetwork(n, route.view(slot))
                        : queues.frontVirtualNetwork(qi));
            }
        }
        return slot;
    }

    /** Chooses the virtual network of a packet being queued in a lane, and sets it on the record. */
    final int chooseNetwork(int n, ScratchPacket p) {
        if (!choosesNetworks) {
            return 0;
        }
        int network = route.virtualNetwork(n, p);
        p.virtualNetwork(network);
        return network;
    }

    // ---- delivery

    /**
     * The tail of the packet in {@code slot} arrives at its NI in cycle {@code arrival}. A unicast
     * packet that links corrupted on its way ({@link UnicastRetransmission}, one draw now) fails
     * the interface's CRC check then, without the receive overhead.
     */
    final void deliverAt(long arrival, int slot) {
        byte c = pool.packetClass[slot];
        if (c == 0 && lossy && !pool.branched[slot] && retransmission.corrupt(pool.length[slot], pool.hops[slot])) {
            pool.corrupt[slot] = true;
            deliveries.add(arrival, slot);
            return;
        }
        // a collective packet goes to the interface's engine, not through the receiving software
        deliveries.add(c != CollectiveUnit.HIDDEN ? arrival + receiveOverhead : arrival, slot);
    }

    /** Delivers the packets due at cycle {@code t}. */
    final void deliver(long t) {
        EventWheel wheel = deliveries;
        int count = wheel.count(t);
        if (count == 0) {
            return;
        }
        int[] events = wheel.events();
        int offset = wheel.offset(t);
        PacketPool p = pool;
        for (int i = 0; i < count; i++) {
            int slot = events[offset + i];
            if (p.state[slot] != PacketPool.IN_NETWORK || p.ejected[slot] != p.length[slot]) {
                throw checks.invariant("packet " + p.id[slot] + " (" + p.source[slot] + " -> " + p.destination[slot]
                        + ") completed at its destination with " + p.ejected[slot] + " of "
                        + p.length[slot] + " flits ejected (state " + p.state[slot]
                        + "): a flit was lost or delivered twice", t);
            }
            progress.inNetwork--;
            byte c = p.packetClass[slot];
            if (c == 0 && p.corrupt[slot]) {
                // the CRC check drops it; its source sends it again
                retransmission.drop(p, slot, t);
                p.release(slot);
                continue;
            }
            delivered++;
            if (c != CollectiveUnit.HIDDEN) {
                observer.packetDelivered(p.id[slot], p.source[slot], p.destination[slot], p.length[slot],
                        p.created[slot], p.injected[slot], t, p.hops[slot]);
            }
            if (c != 0) {
                collectives.atNode(p.destination[slot], slot, t);
            }
            p.release(slot);
        }
        wheel.clear(t);
    }
}
