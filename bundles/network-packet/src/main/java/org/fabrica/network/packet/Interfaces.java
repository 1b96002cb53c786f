package org.fabrica.network.packet;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.fabrica.kernel.RandomStreams;
import org.fabrica.kernel.SimulationException;
import org.fabrica.network.ProviderNames;
import org.fabrica.network.parts.AdmissionQueues;
import org.fabrica.stats.NetworkObserver;
import org.fabrica.traffic.InjectionProcess;
import org.fabrica.traffic.TrafficPattern;

/**
 * The end nodes and their network interfaces: generation (the injection process and the traffic
 * pattern, each node from its own random stream, as in the flit model, so that both models see
 * the same packets), unbounded source queues (one per interface, or one per VC), injection of
 * whole packets into the router's terminal port, and delivery.
 *
 * <p>A packet generated (posted) in t joins its queue in t + send overhead. An interface sends one
 * packet at a time, its flits one every c cycles of the terminal link: the head takes a VC of the
 * queuing scheme's injection mask, round robin after the last one used, whose credits hold the
 * whole packet; with one queue per VC the queues take turns, round robin after the last one that
 * sent. The virtual network is chosen when the packet reaches the front of a single queue, or when
 * it joins a queue per VC (its queue depends on it), as in the flit model. With admittance queues
 * per destination in front of the lanes ({@code per-vc-admittance}) a packet joins a lane when one
 * of its VCs has room ({@link #admit}), and its network is chosen then.
 */
final class Interfaces {
    private final Wiring w;
    private final PacketPool pool;
    private final CreditCounters credits;
    private final RouteComputation route;
    private final EventQueue events;
    private final NetworkObserver observer;
    private final Progress progress;
    private final ProviderNames names;
    private final TrafficPattern pattern;
    private final InjectionProcess injection;
    private final SplittableRandom[] random;
    private final int vcs;
    private final int lanes;
    private final int packetFlits;
    private final int sendOverhead;
    private final long maxCycles;
    private final boolean choosesNetworks;
    Routers routers;
    // generation calendar: (cycle << nodeBits) | node
    private final int nodeBits;
    private final long nodeMask;
    private long[] calendar;
    private int calendarSize;
    private final int[] waitingNodes;
    private int waitingCount;
    // source queues, one ring per lane
    private long[][] qId;
    private long[][] qCreated;
    private int[][] qDestination;
    private byte[][] qNetwork;
    private final int[] qHead;
    private final int[] qSize;
    // per node
    private final int[] frontSlot;
    private final long[] frontMask;
    private final int[] lastVc;
    private final int[] nextLane;
    /** Per node with one queue per VC: the lane of the packet last started, and the cycle its tail is sent. */
    private final int[] sendingLane;
    private final long[] sendingTail;
    private final long[] freeAt;
    private final long[] scheduledAt;
    private final boolean[] waiting;
    private final int[] queued;
    private final PacketPool.Detached detached = new PacketPool.Detached();
    /**
     * Admittance queues per destination in front of the per-VC lanes
     * ({@code InjectionQueues.PER_VC_ADMITTANCE}), or null: see {@link #admit}.
     */
    private final AdmissionQueues admission;
    /** With admittance queues: flits queued in each lane, the packet being sent not included. */
    private final int[] laneFlits;
    /** With admittance queues: a packet joined the node's admittance queues since its last admission. */
    private final boolean[] admitDirty;
    /** With admittance queues: the cycle after the tail of the packet being sent, when its lane's room is looked at again. */
    private final long[] admitAfterTail;
    /** Per node: flits of the packet being sent (counted in its lane until its tail is sent). */
    private final int[] sendingFlits;
    long generated;
    long delivered;

    Interfaces(Wiring w, PacketPool pool, CreditCounters credits, RouteComputation route, EventQueue events,
            NetworkObserver observer, Progress progress, ProviderNames names, TrafficPattern pattern,
            InjectionProcess injection, RandomStreams streams, boolean perVcQueues, boolean admittance, int packetFlits,
            int sendOverhead, long maxCycles) {
        this.w = w;
        this.pool = pool;
        this.credits = credits;
        this.route = route;
        this.events = events;
        this.observer = observer;
        this.progress = progress;
        this.names = names;
        this.pattern = pattern;
        this.injection = injection;
        this.vcs = w.vcs;
        this.lanes = perVcQueues ? vcs : 1;
        this.packetFlits = packetFlits;
        this.sendOverhead = sendOverhead;
        this.maxCycles = maxCycles;
        this.choosesNetworks = route.choosesNetworks();
        int nodes = w.nodes;
        if (admittance && !perVcQueues) {
            throw new IllegalArgumentException("admittance queues feed per-VC injection queues; use them with per-VC"
                    + " injection queues");
        }
        this.admission = admittance ? new AdmissionQueues(nodes) : null;
        this.laneFlits = admittance ? new int[nodes * lanes] : null;
        this.admitDirty = admittance ? new boolean[nodes] : null;
        this.admitAfterTail = admittance ? new long[nodes] : null;
        if (admittance) {
            Arrays.fill(admitAfterTail, Long.MAX_VALUE);
        }
        this.sendingFlits = new int[nodes];
        int queues = nodes * lanes;
        qId = new long[queues][];
        qCreated = new long[queues][];
        qDestination = new int[queues][];
        qNetwork = new byte[queues][];
        qHead = new int[queues];
        qSize = new int[queues];
        frontSlot = new int[queues];
        Arrays.fill(frontSlot, -1);
        frontMask = new long[nodes];
        lastVc = new int[nodes];
        Arrays.fill(lastVc, vcs - 1);
        nextLane = new int[nodes];
        sendingLane = new int[nodes];
        Arrays.fill(sendingLane, -1);
        sendingTail = new long[nodes];
        freeAt = new long[nodes];
        scheduledAt = new long[nodes];
        Arrays.fill(scheduledAt, -1);
        waiting = new boolean[nodes];
        queued = new int[nodes];
        waitingNodes = new int[nodes];
        nodeBits = 64 - Long.numberOfLeadingZeros(Math.max(1, nodes - 1));
        nodeMask = (1L << nodeBits) - 1;
        calendar = new long[Math.max(16, nodes)];
        random = new SplittableRandom[nodes];
        for (int n = 0; n < nodes; n++) {
            random[n] = streams.stream("node", n);
            scheduleNext(n, -1);
        }
    }

    // ---- generation

    /** The latest cycle the calendar's keys can hold. */
    private long maxCalendarCycle() {
        return (Long.MAX_VALUE >>> nodeBits) - 1;
    }

    boolean exhausted() {
        return calendarSize == 0;
    }

    boolean hasWaitingNodes() {
        return waitingCount > 0;
    }

    /** The cycle of the next generation, or Long.MAX_VALUE. */
    long nextGeneration() {
        return calendarSize == 0 ? Long.MAX_VALUE : calendar[0] >>> nodeBits;
    }

    /** Generates the packets due by cycle {@code t}. */
    void generate(long t) {
        while (calendarSize > 0 && (calendar[0] >>> nodeBits) <= t) {
            int n = (int) (calendar[0] & nodeMask);
            long at = (calendar[0] >>> nodeBits) - sendOverhead;
            removeFirst();
            int destination;
            try {
                destination = pattern.destination(n, random[n]);
            } catch (RuntimeException e) {
                throw new SimulationException("traffic pattern '" + names.traffic() + "' failed for source node " + n
                        + " at cycle " + t + ": " + e, e);
            }
            if (destination == TrafficPattern.COLLECTIVE) {
                throw new SimulationException("traffic '" + names.traffic() + "' made node " + n + " enter a collective"
                        + " operation at cycle " + t + ": the packet model has no collective engine; use network:"
                        + " {name: flit}");
            } else if (destination != TrafficPattern.NONE) {
                if (destination < 0 || destination >= w.nodes) {
                    throw new SimulationException("traffic pattern '" + names.traffic() + "' returned destination "
                            + destination + " for source node " + n + " at cycle " + t + "; nodes are 0.."
                            + (w.nodes - 1));
                }
                long id = progress.nextPacketId++;
                enqueue(n, id, destination, at, t);
                generated++;
                observer.packetGenerated(id, n, destination, packetFlits, at);
            }
            scheduleNext(n, at);
        }
    }

    private void scheduleNext(int n, long previous) {
        long next;
        try {
            next = injection.next(n, previous, random[n]);
        } catch (RuntimeException e) {
            throw new SimulationException("injection process of '" + names.traffic() + "' failed for node " + n
                    + " after cycle " + previous + ": " + e, e);
        }
        if (next == InjectionProcess.NEVER) {
            return;
        }
        if (next == InjectionProcess.AFTER_DELIVERY) {
            waitingNodes[waitingCount++] = n;
            return;
        }
        if (next < previous || next < 0) {
            throw new SimulationException("injection process of '" + names.traffic() + "' returned cycle " + next
                    + " for node " + n + ", earlier than its previous packet at " + previous);
        }
        long ready = next > Long.MAX_VALUE - sendOverhead ? Long.MAX_VALUE : next + sendOverhead;
        addToCalendar(Math.min(ready, Math.min(maxCycles, maxCalendarCycle())), n);
    }

    /** Asks every node waiting for a delivery again (a packet was delivered in cycle {@code t}). */
    void wakeWaiting(long t) {
        int count = waitingCount;
        waitingCount = 0;
        for (int i = 0; i < count; i++) {
            scheduleNext(waitingNodes[i], t);
        }
    }

    private void addToCalendar(long cycle, int node) {
        long key = (cycle << nodeBits) | node;
        if (calendarSize == calendar.length) {
            calendar = Arrays.copyOf(calendar, calendarSize * 2);
        }
        int i = calendarSize++;
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            long p = calendar[parent];
            if (p <= key) {
                break;
            }
            calendar[i] = p;
            i = parent;
        }
        calendar[i] = key;
    }

    private void removeFirst() {
        long last = calendar[--calendarSize];
        int i = 0;
        int half = calendarSize >>> 1;
        while (i < half) {
            int child = 2 * i + 1;
            long c = calendar[child];
            int right = child + 1;
            if (right < calendarSize && calendar[right] < c) {
                child = right;
                c = calendar[right];
            }
            if (last <= c) {
                break;
            }
            calendar[i] = c;
            i = child;
        }
        if (calendarSize > 0) {
            calendar[i] = last;
        }
    }

    // ---- source queues

    private void enqueue(int n, long id, int destination, long created, long t) {
        if (admission != null) {
            // admitted into a lane in this cycle's interface turn, whether or not the link is busy
            admission.add(n, id, created, destination);
            queued[n]++;
            admitDirty[n] = true;
            if (freeAt[n] > t) {
                events.add(t, EventQueue.INTERFACE, n);
            }
            wake(n, t);
            return;
        }
        int lane = 0;
        int network = 0;
        if (lanes > 1) {
            PacketPool.Detached p = detached.set(id, n, destination, packetFlits, created, 0, 0);
            if (choosesNetworks) {
                network = route.virtualNetwork(n, p);
                p.virtualNetwork(network);
            }
            lane = shortestLane(n, route.injectionMask(n, p), t);
        }
        int q = n * lanes + lane;
        push(q, id, created, destination, network);
        queued[n]++;
        wake(n, t);
    }

    /**
     * The lane (VC) of {@code mask} with the fewest packets, the lowest on ties; a packet whose tail
     * is not yet sent still counts in its lane (it leaves its queue with its tail, as in the flit model).
     */
    private int shortestLane(int n, long mask, long t) {
        int best = -1;
        int bestSize = Integer.MAX_VALUE;
        for (long m = mask; m != 0; m &= m - 1) {
            int v = Long.numberOfTrailingZeros(m);
            int size = qSize[n * lanes + v] + (sendingLane[n] == v && t <= sendingTail[n] ? 1 : 0);
            if (size < bestSize) {
                best = v;
                bestSize = size;
            }
        }
        return best;
    }

    private void push(int q, long id, long created, int destination, int network) {
        long[] ids = qId[q];
        int size = qSize[q];
        if (ids == null || size == ids.length) {
            int cap = ids == null ? 4 : ids.length * 2;
            long[] ni = new long[cap];
            long[] nc = new long[cap];
            int[] nd = new int[cap];
            byte[] nn = new byte[cap];
            for (int i = 0; i < size; i++) {
                int j = (qHead[q] + i) % (ids == null ? 1 : ids.length);
                ni[i] = ids[j];
                nc[i] = qCreated[q][j];
                nd[i] = qDestination[q][j];
                nn[i] = qNetwork[q][j];
            }
            qId[q] = ni;
            qCreated[q] = nc;
            qDestination[q] = nd;
            qNetwork[q] = nn;
            qHead[q] = 0;
            ids = ni;
        }
        int i = (qHead[q] + size) % ids.length;
        ids[i] = id;
        qCreated[q][i] = created;
        qDestination[q][i] = destination;
        qNetwork[q][i] = (byte) network;
        qSize[q] = size + 1;
    }

    private void popFront(int q) {
        qHead[q] = (qHead[q] + 1) % qId[q].length;
        qSize[q]--;
        frontSlot[q] = -1;
    }

    /** The pool slot of queue {@code q}'s front packet, taken when it first reaches the front. */
    private int front(int n, int q) {
        int s = frontSlot[q];
        if (s >= 0) {
            return s;
        }
        int h = qHead[q];
        s = pool.allocate(qId[q][h], n, qDestination[q][h], packetFlits, qCreated[q][h], qNetwork[q][h]);
        if (choosesNetworks && lanes == 1) {
            pool.network(s, route.virtualNetwork(n, pool.view(s)));
        }
        frontSlot[q] = s;
        return s;
    }

    int queued(int n) {
        return queued[n];
    }

    // ---- injection

    void wake(int n, long t) {
        long when = Math.max(t, freeAt[n]);
        if (scheduledAt[n] == when) {
            return;
        }
        scheduledAt[n] = when;
        events.add(when, EventQueue.INTERFACE, n);
    }

    /** Credits of node {@code n}'s interface come back from {@code t} on: a waiting interface looks again when the packet fits. */
    void creditsReturned(int n, int counter, int flits, long t) {
        if (!waiting[n]) {
            return;
        }
        long fit = credits.fitTime(counter, flits, t);
        if (fit != Long.MAX_VALUE) {
            wake(n, Math.max(fit, t + 1));
        }
    }

    /** Node {@code n}'s interface in cycle {@code t}: admits what it may, and starts its next packet if one fits. */
    void inject(int n, long t) {
        if (admission != null && (admitDirty[n] || admitAfterTail[n] <= t)) {
            admitDirty[n] = false;
            if (admitAfterTail[n] <= t) {
                admitAfterTail[n] = Long.MAX_VALUE;
            }
            admit(n, t);
        }
        if (queued[n] == 0 || freeAt[n] > t) {
            return;
        }
        waiting[n] = false;
        int base = w.interfaceCounter(n);
        int q = -1;
        int v = -1;
        int slot = -1;
        if (lanes == 1) {
            q = n;
            slot = front(n, q);
            long mask = frontMask[n];
            if (mask == 0) {
                mask = route.injectionMask(n, pool.view(slot));
                frontMask[n] = mask;
            }
            int length = pool.length(slot);
            for (int i = 1; i <= vcs; i++) {
                int c = lastVc[n] + i;
                if (c >= vcs) {
                    c -= vcs;
                }
                if ((mask >>> c & 1L) != 0 && credits.credits(base + c, t) >= length) {
                    v = c;
                    break;
                }
            }
            if (v < 0) {
                requireRoom(n, slot, mask, base);
                waitFor(n, mask, length, t);
                return;
            }
            lastVc[n] = v;
        } else {
            int start = nextLane[n];
            long tried = 0;
            for (int k = 0; k < lanes; k++) {
                int lane = start + k;
                if (lane >= lanes) {
                    lane -= lanes;
                }
                int qi = n * lanes + lane;
                if (qSize[qi] == 0) {
                    continue;
                }
                int s = front(n, qi);
                if (credits.credits(base + lane, t) >= pool.length(s)) {
                    q = qi;
                    v = lane;
                    slot = s;
                    break;
                }
                requireRoom(n, s, 1L << lane, base);
                tried |= 1L << lane;
            }
            if (v < 0) {
                waitFor(n, tried, packetFlits, t);
                return;
            }
            nextLane[n] = v + 1 == lanes ? 0 : v + 1;
        }
        // send the whole packet
        int f = pool.length(slot);
        int c = w.injectCyclesPerFlit;
        long tail = t + (long) (f - 1) * c;
        credits.ramp(base + v, true, f, t + 1, c, tail + 1, t);
        freeAt[n] = t + (long) f * c;
        sendingLane[n] = v;
        sendingTail[n] = tail;
        sendingFlits[n] = f;
        if (admission != null) {
            // the packet leaves its lane with its tail: the lane's room is looked at again after it
            laneFlits[q] -= f;
            admitAfterTail[n] = tail + 1;
            events.add(tail + 1, EventQueue.INTERFACE, n);
        }
        pool.injected(slot, t);
        pool.visible(slot, t + w.injectDelay, tail + w.injectDelay);
        popFront(q);
        frontMask[n] = 0;
        queued[n]--;
        Progress pr = progress;
        pr.inNetwork++;
        pr.flitHops += f;
        pr.lastMove = t;
        observer.packetInjected(pool.id(slot), n, t);
        int gp = w.nodeInPort[n];
        routers.arrive(w.portRouter[gp], gp * vcs + v, slot);
        if (queued[n] > 0) {
            wake(n, freeAt[n]);
        }
    }

    /**
     * Admittance queues, as the flit model serves them: moves the packets of node {@code n} that fit
     * into their lanes, the destinations' queues served oldest head first (a scan from the oldest
     * packet that skips every destination whose earlier packet found no room, so packets to one
     * destination stay in order). A packet's virtual network is chosen the first time it is offered
     * (and kept); its lane is the one of the queuing scheme's injection VCs with room that holds the
     * fewest flits. A lane has room for a packet when it is empty or the packet fits in the first
     * router's VC capacity beside what it holds (the packet being sent counts until its tail is sent).
     */
    private void admit(int n, long t) {
        int base = n * lanes;
        int counters = w.interfaceCounter(n);
        long room = 0;
        for (int v = 0; v < lanes; v++) {
            if (fits(n, v, counters, t)) {
                room |= 1L << v;
            }
        }
        if (room == 0) {
            return; // a tail sent marks the node again
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
            long id = a.id(n, k);
            long created = a.created(n, k);
            PacketPool.Detached p = detached.set(id, n, dst, packetFlits, created, 0, 0);
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
            int lane = leastFlitsLane(n, mask, t);
            push(base + lane, id, created, dst, network);
            laneFlits[base + lane] += packetFlits;
            if (!fits(n, lane, counters, t)) {
                room &= ~(1L << lane);
            }
            int dropped = a.remove(n, k);
            k = Math.max(k + 1 - dropped, 0) - 1; // the front moved by the positions dropped
            moved = true;
        }
        a.endScan();
        if (moved) {
            waiting[n] = false;
        }
    }

    /** Flits in lane {@code v} of node {@code n} in cycle {@code t}, the packet being sent counted until its tail. */
    private int laneFlits(int n, int v, long t) {
        return laneFlits[n * lanes + v] + (sendingLane[n] == v && t <= sendingTail[n] ? sendingFlits[n] : 0);
    }

    /** Whether lane {@code v} has room for a packet: empty, or the packet fits beside what it holds in its VC's capacity. */
    private boolean fits(int n, int v, int counters, long t) {
        int flits = laneFlits(n, v, t);
        return flits == 0 || flits + packetFlits <= credits.capacity(counters + v);
    }

    /** The lane of {@code mask} holding the fewest flits, the lowest on ties. */
    private int leastFlitsLane(int n, long mask, long t) {
        int best = -1;
        int bestFlits = Integer.MAX_VALUE;
        for (long m = mask; m != 0; m &= m - 1) {
            int v = Long.numberOfTrailingZeros(m);
            int flits = laneFlits(n, v, t);
            if (flits < bestFlits) {
                best = v;
                bestFlits = flits;
            }
        }
        return best;
    }

    /** No VC of {@code mask} holds the packet now: look again when the first of them will. */
    private void waitFor(int n, long mask, int length, long t) {
        waiting[n] = true;
        int base = w.interfaceCounter(n);
        long best = Long.MAX_VALUE;
        for (long m = mask; m != 0; m &= m - 1) {
            best = Math.min(best, credits.fitTime(base + Long.numberOfTrailingZeros(m), length, t));
        }
        if (best != Long.MAX_VALUE) {
            wake(n, Math.max(best, t + 1));
        }
    }

    /** Fails the point when none of the VCs of {@code mask} can ever hold the packet. */
    private void requireRoom(int n, int slot, long mask, int base) {
        int length = pool.length(slot);
        for (long m = mask; m != 0; m &= m - 1) {
            if (credits.capacity(base + Long.numberOfTrailingZeros(m)) >= length) {
                return;
            }
        }
        throw new SimulationException(pool.name(slot) + " can never be injected at node " + n + ": its injection VCs"
                + " (mask 0x" + Long.toHexString(mask) + ") hold fewer flits than its " + length + " (virtual cut-through"
                + " needs room for the whole packet)");
    }

    /** A copy of a packet dropped by link errors joins its source queue again in cycle {@code t}. */
    void resend(int n, long id, int destination, long created, long t) {
        enqueue(n, id, destination, created, t);
    }

    // ---- delivery

    /** The destination's CRC check drops the packet in {@code slot} in cycle {@code t}; its source will send it again. */
    void drop(int slot, long t, UnicastRetransmission losses) {
        progress.inNetwork--;
        progress.ejecting--;
        progress.lastMove = t;
        losses.drop(slot, t);
        pool.release(slot);
    }

    /** The packet in {@code slot} is delivered in cycle {@code t}. */
    void deliver(int slot, long t) {
        delivered++;
        progress.inNetwork--;
        progress.ejecting--;
        progress.lastMove = t;
        observer.packetDelivered(pool.id(slot), pool.source(slot), pool.destination(slot), pool.length(slot),
                pool.created(slot), pool.injected(slot), t, pool.hops(slot));
        pool.release(slot);
    }
}
