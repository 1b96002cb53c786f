package org.fabrica.network.flit;

import java.util.Arrays;
import org.fabrica.kernel.SimulationException;
import org.fabrica.network.ProviderNames;
import org.fabrica.stats.NetworkObserver;
import org.fabrica.throttle.Throttle;

/**
 * The network interfaces (NIs) of the end nodes: source queues, injection into the router, and
 * delivery.
 *
 * <h2>Injection</h2>
 * Each node has an unbounded FIFO source queue ({@link SourceQueues}). The packet at its front is
 * injected one flit per cycle into the terminal input port of its router: the head takes a VC of
 * {@code QueuingScheme.injectionVcMask} (round robin from the VC used last, BookSim style) that has
 * a credit (virtual cut-through: credits for the whole packet); following flits go whenever the NI
 * holds a credit. A flit sent in cycle t is visible at the router in {@code t + injectDelay}, so a
 * packet ready in cycle t can send its head in cycle t. Packets leave one after the other (no
 * interleaving at the NI). An NI without credits sleeps until one returns.
 *
 * <h2>Throttle</h2>
 * With an active throttle each NI keeps one source queue (lane) per output port of its router (the
 * packet's first hop, from the routing's first candidate when the packet is generated), so that a
 * packet held back toward one direction does not hold back packets toward another. Between
 * packets the NI offers the front packets of its lanes, oldest first, to
 * {@code throttle.admit(router, firstHopPort, vc, packet, t)} for each VC the first hop may take,
 * and starts sending the oldest admitted one. A throttle that admits everything therefore gives
 * exactly the single-FIFO run. Transit packets are never asked.
 *
 * <h2>Delivery</h2>
 * A terminal output port feeds the NI's ejection buffer, treated like any downstream input buffer
 * that drains at once. A packet is delivered {@code receiveOverhead} cycles after its tail arrived
 * ({@link #deliverAt}); observers see it then. A unicast packet corrupted on its way is dropped
 * by the interface's CRC check instead, and its source sends it again
 * ({@link UnicastRetransmission}).
 */
final class NetworkInterfaces {
    /**
     * Source-queue lanes per node: one per first-hop output port when a throttle is active,
     * otherwise one. Lane {@code q} of node {@code n} is queue {@code n * lanes + q}.
     */
    final int lanes;
    /** Compact records of the queued packets; a packet takes a pool slot at the front of its lane. */
    final SourceQueues queues;
    /** Packets queued at each node, over all its lanes. */
    final int[] niQueued;
    /** Queue of the packet the NI is sending, -1 between packets. */
    private final int[] niQueue;
    private final int[] niVc;
    private final int[] niSent;
    private final int[] niLastVc;
    private final long[] niMask;
    /** The NI could not send for lack of credits; cleared when a credit returns to it. */
    final boolean[] niWaiting;
    private final boolean[] niActive;
    private final int[] activeNis;
    private int activeNiCount;
    long generated;
    /** Copies made by multi-output routes (each delivered on its own). */
    long replicated;
    /** Of {@link #replicated}, the copies of collective packets. */
    long collectiveCopies;
    long delivered;
    /** Node-cycles in which an interface could start a packet and the throttle held back every one it had queued. */
    long heldCycles;

    private final Wiring wiring;
    private final OutputUnits outputs;
    private final InputBuffers inputs;
    private final PacketPool pool;
    private final Progress progress;
    private final NetworkObserver observer;
    private final Throttle throttle;
    private final ProviderNames names;
    private final EventWheel deliveries;
    private final ScratchPacket firstHopScratch = new ScratchPacket();
    private RouteStage route;
    /** The queuing scheme chooses virtual networks: each packet asks it once at its source. */
    private boolean choosesNetworks;
    private InvariantChecks checks;
    private final int vcs;
    private final boolean cutThrough;
    /** Virtual cut-through with buffers of several sizes: a packet without a VC checks that one could ever hold it. */
    private final boolean checkRoom;
    private final boolean waitForTailCredit;
    private final int packetFlits;
    private final int injectDelay;
    private final int receiveOverhead;
    /** Set by {@link #admittedLane}: the throttle held back at least one packet older than its answer. */
    private boolean niHeld;
    /** One injection queue per VC ({@code InjectionQueues.PER_VC}): lane = VC, flits interleave on the link. */
    private final boolean perVcQueues;
    /** Per-VC queues: flits of each lane's front packet already sent, and each node's round-robin pointer. */
    private final int[] laneSent;
    private final int[] nextLane;
    /** The terminal link takes a flit every this many cycles; per node the first cycle it is free again. */
    private final int injectCyclesPerFlit;
    private final int[] niFree;
    /**
     * Admittance queues per destination in front of the per-VC injection queues
     * ({@code InjectionQueues.PER_VC_ADMITTANCE}), or null: a packet then waits there until its
     * injection queue has room, the injection queues hold at most what the first router's VC holds
     * ({@link #laneFlits}), and the virtual network is chosen when the packet is first offered to
     * them, not when it is generated.
     */
    private final AdmissionQueues admission;
    /** With admittance queues: flits queued in each injection queue (lane). */
    private final int[] laneFlits;
    /** With admittance queues: something changed (a packet arrived, a lane freed room) since the node's last admission. */
    private final boolean[] admitDirty;

    NetworkInterfaces(Wiring wiring, OutputUnits outputs, InputBuffers inputs, PacketPool pool, Progress progress,
            NetworkObserver observer, Throttle throttle, boolean throttleActive, ProviderNames names, int maxPorts,
            boolean cutThrough, boolean waitForTailCredit, int packetFlits, int injectDelay, int flitDelay,
            int receiveOverhead, boolean perVcQueues, int injectCyclesPerFlit) {
        this(wiring, outputs, inputs, pool, progress, observer, throttle, throttleActive, names, maxPorts, cutThrough,
                waitForTailCredit, packetFlits, injectDelay, flitDelay, receiveOverhead, perVcQueues, injectCyclesPerFlit,
                false);
    }

    /**
     * Network interfaces; {@code admittance} puts admittance queues per destination in front of the
     * per-VC injection queues ({@code perVcQueues} must be true).
     */
    NetworkInterfaces(Wiring wiring, OutputUnits outputs, InputBuffers inputs, PacketPool pool, Progress progress,
            NetworkObserver observer, Throttle throttle, boolean throttleActive, ProviderNames names, int maxPorts,
            boolean cutThrough, boolean waitForTailCredit, int packetFlits, int injectDelay, int flitDelay,
            int receiveOverhead, boolean perVcQueues, int injectCyclesPerFlit, boolean admittance) {
        this.wiring = wiring;
        this.outputs = outputs;
        this.inputs = inputs;
        this.pool = pool;
        this.progress = progress;
        this.observer = observer;
        this.throttle = throttle;
        this.names = names;
        this.vcs = wiring.vcs;
        this.cutThrough = cutThrough;
        this.checkRoom = cutThrough && !outputs.uniform();
        this.waitForTailCredit = waitForTailCredit;
        this.packetFlits = packetFlits;
        this.injectDelay = injectDelay;
        this.receiveOverhead = receiveOverhead;
        int nodes = wiring.nodes;
        if (perVcQueues && throttleActive) {
            throw new IllegalArgumentException("a throttle keeps one source queue per first-hop port and cannot be combined"
                    + " with one injection queue per VC; use injection queues SINGLE with a throttle");
        }
        this.perVcQueues = perVcQueues;
        this.injectCyclesPerFlit = injectCyclesPerFlit;
        this.niFree = new int[wiring.nodes];
        this.lanes = throttleActive ? maxPorts : perVcQueues ? vcs : 1;
        this.laneSent = perVcQueues ? new int[wiring.nodes * lanes] : null;
        this.nextLane = perVcQueues ? new int[wiring.nodes] : null;
        if (admittance && !perVcQueues) {
            throw new IllegalArgumentException("admittance queues feed per-VC injection queues; use them with per-VC"
                    + " injection queues");
        }
        this.admission = admittance ? new AdmissionQueues(wiring.nodes) : null;
        this.laneFlits = admittance ? new int[wiring.nodes * lanes] : null;
        this.admitDirty = admittance ? new boolean[wiring.nodes] : null;
        this.queues = new SourceQueues(nodes * lanes, lanes > 1);
        niQueued = new int[nodes];
        niQueue = new int[nodes];
        Arrays.fill(niQueue, -1);
        niVc = new int[nodes];
        Arrays.fill(niVc, -1);
        niSent = new int[nodes];
        niLastVc = new int[nodes];
        Arrays.fill(niLastVc, vcs - 1);
        niMask = new long[nodes];
        niWaiting = new boolean[nodes];
        niActive = new boolean[nodes];
        activeNis = new int[nodes];
        deliveries = new EventWheel(flitDelay + receiveOverhead + 1);
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
    int awaitingResend() {
        return retransmission == null ? 0 : retransmission.waiting();
    }

    // ---- source queues

    /** The collective engine's side, or null; set when the run has an engine. */
    private CollectiveUnit collectives;

    void collectives(CollectiveUnit unit) {
        if (admission != null) {
            throw new IllegalArgumentException("a collective engine's packets bypass no admittance queue; use injection"
                    + " queues single or per-vc with a collective engine (per-vc-admittance is not supported with one)");
        }
        if (lanes > 1 && !perVcQueues) {
            throw new IllegalArgumentException("a throttle cannot be combined with a collective engine (collective packets"
                    + " have no first hop the routing computes); run the collective study without a throttle");
        }
        this.collectives = unit;
    }

    /**
     * Queues a one-flit collective packet of {@code packetClass} and header {@code header} at node
     * {@code n} (the collective engine's send): behind the node's packets in a single source queue,
     * or in the shortest injection queue of its VCs.
     */
    void enqueueCollective(int n, int packetClass, int header, long t) {
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
        niQueued[n]++;
        if (!niActive[n]) {
            niActive[n] = true;
            activeNis[activeNiCount++] = n;
        }
    }

    /** Queues a newly generated packet at node {@code n}. */
    void enqueue(int n, long id, int destination, long created, long t) {
        if (admission != null) {
            admission.add(n, id, created, destination);
            admitDirty[n] = true;
        } else if (lanes == 1) {
            queues.add(n, id, created, destination, 0);
        } else if (perVcQueues) {
            ScratchPacket p = firstHopScratch;
            p.set(id, n, destination, packetFlits, created);
            int network = chooseNetwork(n, p);
            queues.add(n * lanes + shortestLane(n, route.injectionMask(n, p)), id, created, destination, 0, network);
            niWaiting[n] = false; // another lane may be able to send
        } else {
            ScratchPacket p = firstHopScratch;
            p.set(id, n, destination, packetFlits, created);
            int network = chooseNetwork(n, p);
            int port = route.firstHop(n, p, t);
            queues.add(n * lanes + port, id, created, destination, route.firstHopMask, network);
        }
        niQueued[n]++;
        if (!niActive[n]) {
            niActive[n] = true;
            activeNis[activeNiCount++] = n;
        }
    }

    /** Per-VC queues: the lane (VC) of {@code mask} with the fewest queued packets, the lowest on ties. */
    private int shortestLane(int n, long mask) {
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
    boolean sendingOn(int n, int v) {
        if (perVcQueues) {
            return laneSent[n * lanes + v] > 0;
        }
        return niVc[n] == v;
    }

    /** Packets waiting in the admittance queues of every node (0 without them). */
    long admitting() {
        return admission == null ? 0 : admission.records();
    }

    /** Packets waiting in the source queue of {@code node} (the one being injected included). */
    int queued(int node) {
        return niQueued[node];
    }

    // ---- injection

    /** Every NI with queued packets sends a flit if it can; NIs whose queues emptied leave the active list. */
    void injectAll(long t, int tl) {
        for (int i = 0; i < activeNiCount; i++) {
            inject(activeNis[i], t, tl);
        }
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

    private void inject(int n, long t, int tl) {
        if (niQueued[n] == 0) {
            return;
        }
        if (admission != null && admitDirty[n]) {
            admit(n);
        }
        if (niWaiting[n]) {
            return;
        }
        if (injectCyclesPerFlit > 1 && tl - niFree[n] < 0) {
            return; // the terminal link still carries the previous flit
        }
        if (perVcQueues) {
            injectFromLanes(n, t, tl);
            return;
        }
        int v = niVc[n];
        int ciBase = outputs.niCreditBase + n * vcs;
        int qi = niQueue[n];
        int[] credits = outputs.credits;
        if (v < 0) {
            boolean held = false;
            if (lanes == 1) {
                qi = n;
            } else {
                qi = admittedLane(n, t);
                held = niHeld;
                if (qi < 0) {
                    heldCycles++;
                    return; // every queued packet held back: ask again next cycle
                }
            }
            int slot = frontSlot(n, qi);
            long mask = niMask[n];
            if (mask == 0) {
                mask = route.injectionMask(n, slot);
                // with lanes the candidate may change while waiting, so the mask is not kept
                niMask[n] = lanes == 1 ? mask : 0;
            }
            int length = pool.length[slot];
            int last = niLastVc[n];
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
                v = c;
                break;
            }
            if (v < 0) {
                if (checkRoom) {
                    requireRoom(n, slot, mask, ciBase);
                }
                // only a returning credit can change that, unless the throttle held an older packet back
                niWaiting[n] = !held;
                return;
            }
            niVc[n] = v;
            niLastVc[n] = v;
            niQueue[n] = qi;
        }
        int ci = ciBase + v;
        if (credits[ci] <= 0) {
            niWaiting[n] = true;
            return;
        }
        int slot = queues.frontSlot(qi);
        credits[ci]--;
        niFree[n] = tl + injectCyclesPerFlit;
        int gp = wiring.nodeInPort[n];
        int sent = ++niSent[n];
        inputs.arrive(gp * vcs + v, wiring.nodeRouter[n], wiring.portLocal[gp] * vcs + v, slot, tl + injectDelay,
                sent == 1);
        Progress pr = progress;
        pr.flitHops++;
        pr.lastMove = t;
        if (sent == 1) {
            pool.injected[slot] = t;
            pool.state[slot] = PacketPool.IN_NETWORK;
            pr.inNetwork++;
            if (pool.packetClass[slot] != CollectiveUnit.HIDDEN) {
                observer.packetInjected(pool.id[slot], n, t);
            } else {
                collectives.crossLink(slot);
            }
        }
        if (sent == pool.length[slot]) {
            queues.removeFirst(qi);
            niQueued[n]--;
            niVc[n] = -1;
            niQueue[n] = -1;
            niSent[n] = 0;
            niMask[n] = 0;
        }
    }

    /**
     * Virtual cut-through: the packet in {@code slot} at node {@code n} found no VC of {@code mask}
     * with credits for all of it; fails the point when none of those VCs could ever hold it
     * ({@link CutThroughFit}).
     */
    private void requireRoom(int n, int slot, long mask, int ciBase) {
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

    /** Outputs send whole packets (OutputInterleaving.PACKETS): so does the terminal link of per-VC lanes. */
    boolean wholePackets;

    /**
     * Per-VC injection queues: the next lane in round-robin order whose front packet can send a flit
     * (a new packet needs a credit of its VC, for the whole packet under virtual cut-through; a
     * packet under way needs one credit) sends it. With none, the NI sleeps until a credit returns
     * or a packet joins a lane.
     */
    private void injectFromLanes(int n, long t, int tl) {
        int base = n * lanes;
        int ciBase = outputs.niCreditBase + n * vcs;
        int[] credits = outputs.credits;
        int start = nextLane[n];
        // whole packets: a lane with a packet under way keeps the link until its tail
        int tries = wholePackets && laneSent[base + start] > 0 ? 1 : lanes;
        for (int k = 0; k < tries; k++) {
            int q = start + k;
            if (q >= lanes) {
                q -= lanes;
            }
            int qi = base + q;
            if (queues.isEmpty(qi)) {
                continue;
            }
            int slot = frontSlot(n, qi);
            int sent = laneSent[qi];
            int cr = credits[ciBase + q];
            if (sent == 0 ? (cutThrough ? cr < pool.length[slot] : cr <= 0)
                    || (waitForTailCredit && cr != outputs.capacityOf(ciBase + q)) : cr <= 0) {
                if (sent == 0 && checkRoom) {
                    requireRoom(n, slot, 1L << q, ciBase);
                }
                continue;
            }
            credits[ciBase + q]--;
            niFree[n] = tl + injectCyclesPerFlit;
            int gp = wiring.nodeInPort[n];
            sent++;
            inputs.arrive(gp * vcs + q, wiring.nodeRouter[n], wiring.portLocal[gp] * vcs + q, slot, tl + injectDelay,
                    sent == 1);
            Progress pr = progress;
            pr.flitHops++;
            pr.lastMove = t;
            if (sent == 1) {
                pool.injected[slot] = t;
                pool.state[slot] = PacketPool.IN_NETWORK;
                pr.inNetwork++;
                if (pool.packetClass[slot] != CollectiveUnit.HIDDEN) {
                    observer.packetInjected(pool.id[slot], n, t);
                } else {
                    collectives.crossLink(slot);
                }
            }
            if (sent == pool.length[slot]) {
                queues.removeFirst(qi);
                niQueued[n]--;
                sent = 0;
                if (admission != null) {
                    laneFlits[qi] -= pool.length[slot];
                    admitDirty[n] = true; // the injection queue has room for the next packet
                }
            }
            laneSent[qi] = sent;
            nextLane[n] = wholePackets && sent > 0 ? q : q + 1 == lanes ? 0 : q + 1;
            return;
        }
        niWaiting[n] = true;
    }

    /**
     * Admittance queues: moves the packets of node {@code n} that fit into their injection queues,
     * the destinations' queues served oldest head first: a scan from the oldest packet that skips
     * every destination whose earlier packet found no room (so packets to one destination stay in
     * order). A packet's virtual network is chosen the first time it is offered (and kept); its
     * queue is the one of the queuing scheme's injection VCs with room that holds the fewest flits.
     * An injection queue has room for a packet when it is empty or the packet fits in the first
     * router's VC capacity beside what it holds.
     */
    private void admit(int n) {
        admitDirty[n] = false;
        int base = n * lanes;
        int ciBase = outputs.niCreditBase + n * vcs;
        long room = 0;
        for (int v = 0; v < lanes; v++) {
            if (fits(base + v, ciBase + v)) {
                room |= 1L << v;
            }
        }
        if (room == 0) {
            return; // a lane that frees room marks the node again
        }
        AdmissionQueues a = admission;
        boolean moved = false;
        for (int k = 0; k < a.span(n) && room != 0; k++) {
            if (a.isHole(n, k)) {
                continue;
            }
            int dst = a.destination(n, k);
            if (a.blocked(dst)) {
                continue;
            }
            long packetId = a.id(n, k);
            long createdAt = a.created(n, k);
            ScratchPacket p = firstHopScratch;
            p.set(packetId, n, dst, packetFlits, createdAt);
            int network = 0;
            if (choosesNetworks) {
                network = a.network(n, k);
                if (network < 0) {
                    network = route.virtualNetwork(n, p);
                    a.network(n, k, network);
                }
                p.virtualNetwork(network);
            }
            long mask = route.injectionMask(n, p) & room;
            if (mask == 0) {
                a.block(dst);
                continue;
            }
            int lane = leastFlitsLane(base, mask);
            queues.add(base + lane, packetId, createdAt, dst, 0, network);
            laneFlits[base + lane] += packetFlits;
            if (!fits(base + lane, ciBase + lane)) {
                room &= ~(1L << lane);
            }
            int dropped = a.remove(n, k);
            k = Math.max(k + 1 - dropped, 0) - 1; // the front moved by the positions dropped
            moved = true;
        }
        a.endScan();
        if (moved) {
            niWaiting[n] = false;
        }
    }

    /** Whether injection queue {@code qi} has room for a packet: empty, or the packet fits beside what it holds in its VC's capacity. */
    private boolean fits(int qi, int ci) {
        int queued = laneFlits[qi];
        return queued == 0 || queued + packetFlits <= outputs.capacityOf(ci);
    }

    /** The lane of {@code mask} holding the fewest flits, the lowest on ties. */
    private int leastFlitsLane(int base, long mask) {
        int best = -1;
        int bestFlits = Integer.MAX_VALUE;
        for (long m = mask; m != 0; m &= m - 1) {
            int v = Long.numberOfTrailingZeros(m);
            if (laneFlits[base + v] < bestFlits) {
                best = v;
                bestFlits = laneFlits[base + v];
            }
        }
        return best;
    }

    /**
     * The queue (lane) of node {@code n} whose front packet is the oldest one the throttle lets
     * leave toward its first hop in cycle {@code t}, or -1 if it holds every front packet back.
     * Front packets are asked oldest first (packet ids grow with generation), so with a throttle
     * that admits everything this is the single FIFO exactly. A packet is admitted when the
     * throttle admits one of the VCs its first hop may take.
     */
    private int admittedLane(int n, long t) {
        niHeld = false;
        int base = n * lanes;
        int router = wiring.nodeRouter[n];
        long asked = 0;
        while (true) {
            int best = -1;
            long bestId = Long.MAX_VALUE;
            for (int q = 0; q < lanes; q++) {
                int qi = base + q;
                long id = queues.frontId(qi); // SourceQueues.EMPTY when empty
                if (id < bestId && (asked >>> q & 1L) == 0) {
                    bestId = id;
                    best = q;
                }
            }
            if (best < 0) {
                return -1;
            }
            asked |= 1L << best;
            int qi = base + best;
            int slot = frontSlot(n, qi);
            PacketFlyweight view = route.view(slot);
            long vcsOfHop = queues.frontFirstHopVcs(qi);
            while (vcsOfHop != 0) {
                int v = Long.numberOfTrailingZeros(vcsOfHop);
                vcsOfHop &= vcsOfHop - 1;
                boolean admitted;
                try {
                    admitted = throttle.admit(router, best, v, view, t);
                } catch (RuntimeException e) {
                    throw new SimulationException("throttle '" + names.throttle() + "' threw " + e + " for "
                            + pool.name(slot) + " at router " + router + " at cycle " + t, e);
                }
                if (admitted) {
                    return qi;
                }
            }
            niHeld = true;
        }
    }

    /**
     * The pool slot of the front packet of queue {@code qi} (node {@code n}), taken from the pool
     * the first time the packet is looked at there: queued packets are compact records until then.
     */
    private int frontSlot(int n, int qi) {
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
    private int chooseNetwork(int n, ScratchPacket p) {
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
    void deliverAt(long arrival, int slot) {
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
    void deliver(long t) {
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
