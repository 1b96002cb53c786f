package org.fabrica.network.packet;

import org.fabrica.hardware.CrossbarOrganisation;
import org.fabrica.hardware.InjectionQueues;
import org.fabrica.hardware.RouterDescription;
import org.fabrica.kernel.SimulationException;
import org.fabrica.network.NetworkModel;
import org.fabrica.network.NetworkSetup;
import org.fabrica.network.ProviderNames;
import org.fabrica.network.parts.AdmissionQueues;
import org.fabrica.network.parts.ServiceLevels;
import org.fabrica.queuing.QueuingScheme;
import org.fabrica.router.Allocator;
import org.fabrica.router.AllocatorShape;
import org.fabrica.router.PartChoice;
import org.fabrica.router.RouterParts;
import org.fabrica.routing.RoutingAlgorithm;
import org.fabrica.stats.NetworkObserver;
import org.fabrica.throttle.Throttle;

/**
 * Packet-level, event-driven network of virtual cut-through routers whose links carry whole
 * packets, built from the same setup as the flit model and timed as the flit model times a
 * configuration with {@code OutputInterleaving.PACKETS} (docs/model-reference.md, "The packet
 * model"). Its parts:
 * <ul>
 * <li>{@link Wiring}: the topology as flat port arrays, each port's timing from its router's kind;</li>
 * <li>{@link CreditCounters}: credits as ramps, flit by flit without an event per flit;</li>
 * <li>{@link Routers}: input VC buffers, route computation, VC and switch allocation, sending a packet;</li>
 * <li>{@link Interfaces}: generation, source queues, injection and delivery;</li>
 * <li>{@link RouteComputation}: routing and queuing calls, and the queuing scheme's view;</li>
 * <li>{@link EventQueue}: the cycles at which something is due;</li>
 * <li>{@link TransmitWait}: the outputs' transmit-wait counters, once a queuing scheme reads them;</li>
 * <li>{@link AdmissionQueues}: admittance queues per destination ({@code per-vc-admittance});</li>
 * <li>{@link UnicastRetransmission}: link errors and end-to-end retransmission ({@code bitErrorRate} above 0).</li>
 * </ul>
 * A cycle does what is due in it, in the flit model's order (deliveries, generation, interfaces,
 * routers); {@link #nextActiveCycle(long)} tells the kernel the next cycle with anything due, so
 * idle cycles cost nothing. Observers that override {@code cycleEnd} still see every cycle.
 */
public final class PacketNetwork implements NetworkModel {
    private final Wiring wiring;
    private final PacketPool pool;
    private final CreditCounters credits;
    private final RouteComputation route;
    private final Routers routers;
    private final Interfaces interfaces;
    private final EventQueue events;
    private final Progress progress;
    private final NetworkObserver observer;
    private final boolean observesCycles;
    private final long maxCycles;
    private final long deadlockCycles;
    private final ProviderNames names;
    /** Link errors and retransmission; null when links are lossless (bitErrorRate 0). */
    private final UnicastRetransmission losses;
    private final int receiveOverhead;
    private long cycles;
    private long lastCycle = -1;
    private boolean truncated;

    PacketNetwork(NetworkSetup setup, int livelockHopsPerRouter) {
        this(setup, livelockHopsPerRouter, 0, 2000);
    }

    /**
     * @param bitErrorRate per bit of every link, in [0, 1): unicast packets lost end to end and sent
     *        again by their sources after {@code retransmitTimeoutCycles} (0: lossless)
     */
    PacketNetwork(NetworkSetup setup, int livelockHopsPerRouter, double bitErrorRate, long retransmitTimeoutCycles) {
        require(setup.topology(), "topology");
        RouterDescription d = require(setup.router(), "router description");
        RoutingAlgorithm routing = require(setup.routing(), "routing algorithm");
        require(setup.pattern(), "traffic pattern");
        require(setup.injection(), "injection process");
        require(setup.random(), "random streams");
        require(setup.limits(), "run limits");
        require(setup.queuing(), "queuing scheme");
        require(setup.throttle(), "throttle");
        RouterParts parts = require(setup.parts(), "router parts");
        this.names = setup.names() == null ? ProviderNames.unnamed() : setup.names();
        this.observer = setup.observer() == null ? new NetworkObserver() { } : setup.observer();
        this.observesCycles = overrides(observer, "cycleEnd", long.class);
        int packetFlits = setup.packetFlits();
        if (packetFlits < 1) {
            throw new IllegalArgumentException("packet length = " + packetFlits + " flits; use >= 1");
        }
        if (livelockHopsPerRouter < 1) {
            throw new IllegalArgumentException("livelockHopsPerRouter = " + livelockHopsPerRouter + "; use >= 1");
        }
        UnicastRetransmission.check(bitErrorRate, retransmitTimeoutCycles);
        PacketModelScope.check(setup, d);
        this.maxCycles = setup.limits().maxCycles();
        this.deadlockCycles = setup.limits().deadlockCycles();
        if (maxCycles > EventQueue.MAX_CYCLE) {
            throw new IllegalArgumentException("maxCycles = " + maxCycles + " is beyond the packet model's clock ("
                    + EventQueue.MAX_CYCLE + " cycles)");
        }
        this.wiring = new Wiring(setup, packetFlits);
        Wiring w = wiring;
        EventQueue.requireSubjects("routers", w.routers);
        EventQueue.requireSubjects("nodes", w.nodes);
        EventQueue.requireSubjects("input VCs", (long) w.totalPorts * w.vcs);
        int largest = 0;
        for (RouterDescription k : w.description) {
            largest = Math.max(largest, k.maxBufferFlits());
        }
        if (largest < packetFlits) {
            throw new IllegalArgumentException("virtual cut-through needs a VC buffer to hold a whole packet, but the"
                    + " largest VC has bufferFlits = " + largest + " < packet length " + packetFlits
                    + "; raise bufferFlits or use the flit model with wormhole flow control");
        }
        int vcClasses = routing.vcClasses();
        if (vcClasses < 1) {
            throw new IllegalArgumentException("routing '" + names.routing() + "' declares " + vcClasses
                    + " VC classes; a routing algorithm needs at least 1");
        }
        this.progress = new Progress();
        this.events = new EventQueue(horizon(w, packetFlits, setup.endpoint().receiveOverheadCycles()));
        this.pool = new PacketPool(w.nodes * 4);
        this.credits = new CreditCounters(w.counterCapacities());
        this.route = new RouteComputation(w, pool, credits, names, routing, names.routing(), vcClasses,
                ServiceLevels.of(d.serviceLevels(), w.vcs));
        QueuingScheme queuing = require(setup.queuing().apply(route), "queuing scheme instance");
        route.queuing(queuing);
        Throttle throttle;
        try {
            throttle = setup.throttle().apply(null);
        } catch (RuntimeException e) {
            throttle = null; // a throttle that needs the network's view of buffers is an active one
        }
        if (throttle == null || !throttle.inactive()) {
            throw new IllegalArgumentException("the packet model has no throttle hook: throttle '" + names.throttle()
                    + "' is active; set throttle: {name: none}, or use network: {name: flit} for a throttled run");
        }
        CrossbarOrganisation organisation = d.crossbar();
        boolean voq = organisation == CrossbarOrganisation.VOQ;
        int[] queues = new int[w.routers];
        int[] ports = new int[w.routers];
        int[] inputQueues = new int[w.routers];
        long totalQueues = 0;
        for (int r = 0; r < w.routers; r++) {
            ports[r] = w.ports(r);
            queues[r] = ports[r] * w.vcs;
            // VOQ: one queue per input VC and output port, each its own allocator input (the flit model's numbering)
            inputQueues[r] = Math.multiplyExact(queues[r], voq ? ports[r] : 1);
            totalQueues += inputQueues[r];
        }
        EventQueue.requireSubjects("input queues", totalQueues);
        Allocator va = allocator(parts, "VC allocation", d.vcAllocator(), new AllocatorShape(inputQueues, queues, 1));
        AllocatorShape saShape = organisation == CrossbarOrganisation.SHARED ? new AllocatorShape(ports, ports, w.vcs)
                : new AllocatorShape(inputQueues, ports, 1);
        Allocator sa = allocator(parts, "switch allocation", d.switchAllocator(),
                organisation == CrossbarOrganisation.PER_VC ? new AllocatorShape(queues, queues, 1) : saShape);
        // per-VC crossbars: each output's arbiter chooses among the crossbars (inputs = port * vcs + vc)
        Allocator arbiter = organisation != CrossbarOrganisation.PER_VC ? null
                : allocator(parts, "output arbitration", d.outputArbiter(), new AllocatorShape(queues, ports, 1));
        this.routers = new Routers(w, pool, credits, route, events, progress, organisation, va,
                parts.describe(d.vcAllocator()), sa, parts.describe(d.switchAllocator()), arbiter,
                parts.describe(d.outputArbiter()),
                (long) livelockHopsPerRouter * w.routers, setup.endpoint().receiveOverheadCycles(), packetFlits);
        this.interfaces = new Interfaces(w, pool, credits, route, events, observer, progress, names, setup.pattern(),
                setup.injection(), setup.random(), d.injection() != InjectionQueues.SINGLE,
                d.injection() == InjectionQueues.PER_VC_ADMITTANCE, packetFlits,
                setup.endpoint().sendOverheadCycles(), maxCycles);
        routers.interfaces = interfaces;
        interfaces.routers = routers;
        this.receiveOverhead = setup.endpoint().receiveOverheadCycles();
        this.losses = bitErrorRate == 0 ? null : new UnicastRetransmission(bitErrorRate, d.flitBytes() * 8, packetFlits,
                retransmitTimeoutCycles, setup.random().stream("unicast-errors", 0), pool, w.totalPorts);
        routers.losses = losses;
        TransmitWait waits = new TransmitWait(w, credits, routers);
        routers.waits = waits;
        route.waits = waits;
    }

    /**
     * Cycles ahead within which nearly every event falls (a packet's serialisation twice, the
     * longest pipeline and link, the credit return and the receive overhead): the timing wheel's
     * span; later events wait in its overflow heap.
     */
    private static int horizon(Wiring w, int packetFlits, int receiveOverhead) {
        int longest = 0;
        for (int gp = 0; gp < w.totalPorts; gp++) {
            longest = Math.max(longest, Math.max(w.cyclesPerFlit[gp] * packetFlits, w.flitDelay[gp] + w.creditReturn[gp]));
        }
        int delays = 0;
        for (int r = 0; r < w.routers; r++) {
            delays = Math.max(delays, w.routingDelay[r] + w.vcAllocDelay[r]);
        }
        long h = 2L * longest + delays + w.injectDelay + w.ejectCreditReturn + receiveOverhead + 64;
        return (int) Math.min(1 << 16, h);
    }

    private static Allocator allocator(RouterParts parts, String use, PartChoice choice, AllocatorShape shape) {
        Allocator a;
        try {
            a = parts.allocator(use, choice, shape);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(use + ": " + e.getMessage(), e);
        }
        if (a == null) {
            throw new IllegalArgumentException(use + ": the router parts gave no allocator for '" + choice + "'");
        }
        return a;
    }

    // ---- the cycle

    @Override
    public void cycle(long t) {
        if (observesCycles) {
            // observers see every cycle, those the kernel skipped included (nothing happened in them)
            for (long c = lastCycle + 1; c < t; c++) {
                observer.cycleEnd(c);
            }
        }
        cycles += t - lastCycle;
        lastCycle = t;
        progress.now = t;
        route.now = t;
        EventQueue q = events;
        q.advanceTo(t);
        if (losses != null) {
            losses.drawBefore(t);
        }
        int deliveries = q.count(t, EventQueue.DELIVER);
        for (int i = 0; i < deliveries; i++) {
            int slot = q.subject(t, EventQueue.DELIVER, i);
            if (losses != null) {
                byte s = losses.arrived(slot);
                if (s == UnicastRetransmission.CORRUPT) {
                    interfaces.drop(slot, t, losses);
                    continue;
                }
                if (s == UnicastRetransmission.INTACT && receiveOverhead > 0) {
                    q.add(t + receiveOverhead, EventQueue.DELIVER, slot);
                    continue;
                }
            }
            interfaces.deliver(slot, t);
        }
        q.clear(t, EventQueue.DELIVER);
        if (deliveries > 0 && interfaces.hasWaitingNodes()) {
            interfaces.wakeWaiting(t);
        }
        interfaces.generate(t);
        if (losses != null && losses.waiting() > 0) {
            losses.resendDue(interfaces, t);
        }
        // interfaces may add more of their own in this cycle (a packet generated now); heads and VCs only later ones
        for (int i = 0; i < q.count(t, EventQueue.INTERFACE); i++) {
            interfaces.inject(q.subject(t, EventQueue.INTERFACE, i), t);
        }
        q.clear(t, EventQueue.INTERFACE);
        for (int i = 0; i < q.count(t, EventQueue.HEAD); i++) {
            routers.headDue(q.subject(t, EventQueue.HEAD, i), t);
        }
        q.clear(t, EventQueue.HEAD);
        for (int i = 0; i < q.count(t, EventQueue.VC_FREE); i++) {
            routers.vcFree(q.subject(t, EventQueue.VC_FREE, i), t);
        }
        q.clear(t, EventQueue.VC_FREE);
        routers.visitDue(t);
        if (progress.inNetwork > 0 && t - progress.lastMove >= deadlockCycles) {
            throw deadlock(t);
        }
        if (observesCycles) {
            observer.cycleEnd(t);
        }
    }

    /**
     * The next cycle after {@code now} with anything due: an event, a generation, the deadlock
     * watchdog's limit, or the end of the run. The kernel may skip the cycles before it.
     */
    @Override
    public long nextActiveCycle(long now) {
        long next = Math.min(events.next(now + 1), interfaces.nextGeneration());
        if (losses != null) {
            next = Math.min(next, losses.nextDue());
        }
        if (progress.inNetwork > 0) {
            next = Math.min(next, progress.lastMove + deadlockCycles);
        }
        next = Math.min(next, maxCycles - 1);
        return Math.max(now + 1, next);
    }

    private SimulationException deadlock(long t) {
        return new SimulationException("deadlock: " + progress.inNetwork + " packets in the network and none moved for "
                + deadlockCycles + " cycles (cycle " + t + ", routing '" + names.routing() + "', queuing '"
                + names.queuing() + "'); waiting heads:" + WaitingHeads.describe(routers, wiring, pool, 10));
    }

    @Override
    public boolean done(long cycle) {
        // the flit model's rule: no generation due (nodes waiting for a delivery that cannot come included) and all delivered
        if (interfaces.exhausted() && interfaces.generated == interfaces.delivered) {
            return true;
        }
        if (cycle + 1 >= maxCycles) {
            truncated = true;
            return true;
        }
        return false;
    }

    // ---- NetworkModel

    @Override
    public long generated() {
        return interfaces.generated;
    }

    @Override
    public long delivered() {
        return interfaces.delivered;
    }

    @Override
    public long inFlight() {
        return interfaces.generated - interfaces.delivered;
    }

    @Override
    public long flitHops() {
        return progress.flitHops;
    }

    /** Unicast packets lost to link errors and sent again; empty when none was lost (as the flit model). */
    @Override
    public java.util.Map<String, Long> lossCounters() {
        if (losses == null || losses.dropped == 0) {
            return java.util.Map.of();
        }
        return java.util.Map.of("unicastDropped", losses.dropped, "retransmitted", losses.retransmitted);
    }

    @Override
    public long cycles() {
        return cycles;
    }

    @Override
    public boolean truncated() {
        return truncated;
    }

    @Override
    public void replaceRouting(RoutingAlgorithm replacement, String name) {
        if (replacement == null) {
            throw new IllegalArgumentException("replaceRouting: no routing algorithm given");
        }
        if (replacement.readsOccupancy()) {
            throw new IllegalArgumentException("routing '" + name + "' is adaptive (it reads the buffers' occupancy),"
                    + " which the packet model does not expose to routing; swap to an oblivious or deterministic"
                    + " routing, or run this experiment with network: {name: flit}");
        }
        if (replacement.readsArrivalClass()) {
            throw new IllegalArgumentException("routing '" + name + "' reads the class of the VC a packet arrived on,"
                    + " which the packet model does not record; run this experiment with network: {name: flit}");
        }
        int needed = replacement.vcClasses();
        if (needed < 1 || needed > route.vcClasses) {
            throw new IllegalArgumentException("routing '" + name + "' needs " + needed + " VC classes but this run's"
                    + " queuing scheme serves " + route.vcClasses + "; swap to an algorithm with at most "
                    + route.vcClasses + " classes or start a new run");
        }
        route.routing = replacement;
        route.routingName = name;
    }

    @Override
    public void atSafePoint(long nextCycle) {
        long buffered = routers.bufferedPackets();
        if (buffered + progress.ejecting != progress.inNetwork) {
            throw new SimulationException("packet accounting: " + progress.inNetwork + " packets in the network but "
                    + buffered + " in router buffers and " + progress.ejecting + " on their way to their interfaces at"
                    + " cycle " + nextCycle);
        }
    }

    /** Packets whose head has left its interface and that are not yet delivered. */
    public long packetsInNetwork() {
        return progress.inNetwork;
    }

    /** Packets waiting in the source queue of {@code node}. */
    public int sourceQueueLength(int node) {
        return interfaces.queued(node);
    }

    static boolean overrides(Object provider, String method, Class<?>... parameters) {
        try {
            return provider.getClass().getMethod(method, parameters).getDeclaringClass() != NetworkObserver.class;
        } catch (NoSuchMethodException | SecurityException e) {
            return true;
        }
    }

    private static <T> T require(T value, String what) {
        if (value == null) {
            throw new IllegalArgumentException("network setup: the " + what + " is missing");
        }
        return value;
    }

}
