package org.fabrica.network.flit;

import java.util.List;
import org.fabrica.hardware.CrossbarOrganisation;
import org.fabrica.hardware.FlowControl;
import org.fabrica.hardware.OutputInterleaving;
import org.fabrica.hardware.RouterDescription;
import org.fabrica.hardware.VirtualChannel;
import org.fabrica.kernel.SimulationException;
import org.fabrica.network.BufferProbe;
import org.fabrica.network.NetworkModel;
import org.fabrica.network.NetworkSetup;
import org.fabrica.network.ProviderNames;
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
 * Flit-level, cycle-accurate network of virtual-channel routers with credit flow control, and one
 * network interface per end node, assembled from parts, one class per hardware block:
 * <ul>
 * <li>{@link Wiring}: the topology as flat port arrays;</li>
 * <li>{@link InputBuffers}: the input VC buffers and the state of their front packets;</li>
 * <li>{@link RouteStage}: route computation (routing algorithm and queuing scheme);</li>
 * <li>{@link VcAllocation}: VC allocation, with an allocator part;</li>
 * <li>{@link SwitchAllocation}: switch allocation, with an allocator part, per crossbar organisation;</li>
 * <li>{@link Crossbar}: moving a granted flit onto its output link;</li>
 * <li>{@link OutputUnits}: output VCs: credits and owners;</li>
 * <li>{@link Links}: link timing and credit return;</li>
 * <li>{@link NetworkInterfaces} and {@link Generators}: end nodes, source queues, injection, delivery;</li>
 * <li>{@link LinkErrors}, {@link UnicastRetransmission}: bit errors on links (barrier packets per link,
 * unicast packets end to end) and the sources' retransmission of lost unicast packets;</li>
 * <li>{@link ContentionCounter}, {@link InvariantChecks}, {@link WaitForGraph}: counting and checking;</li>
 * <li>{@link QueuingView}, {@link ThrottleView}: what queuing schemes and throttles see.</li>
 * </ul>
 * This class holds the wiring and the cycle loop. The model, stage by stage and with its timing,
 * is described in {@code docs/model-reference.md}; each part's class comment gives its share.
 *
 * <h2>Order within a cycle</h2>
 * Credits due are returned, packets due are delivered (or dropped by the CRC check), the throttle
 * updates, nodes generate, dropped packets due to be sent again join their source queues, NIs
 * inject, then every router holding flits computes routes, allocates VCs and allocates the
 * switch (moving the granted flits); finally the watchdog runs and observers see
 * {@code cycleEnd}. Every interaction between components takes at least one cycle, so the order in
 * which routers are visited does not matter.
 *
 * <h2>Hot path</h2>
 * State is kept in primitive arrays owned by the parts (one 64-byte record per input VC, one per
 * router with its flit count and allocation masks, the rest as struct of arrays). Packets live in
 * a pool; credit returns and deliveries go through timing wheels; generation times through a
 * min-heap of primitive keys. Only routers holding flits and NIs with queued packets are visited in
 * a cycle, and within a router only VCs with work. Nothing is allocated per flit or per cycle.
 */
public final class FlitNetwork implements NetworkModel {
    final Wiring wiring;
    final ActiveRouters routers;
    final InputBuffers inputs;
    final OutputUnits outputs;
    final Links links;
    final RouteStage route;
    final VcAllocation vcAllocation;
    final SwitchAllocation switchAllocation;
    final Crossbar crossbar;
    /** The router stages' handling of multi-output routes (VC claims, crossing first, copies). */
    final MultiOutputRoutes branches;
    final ContentionCounter contention;
    final TransmitWait transmitWait;
    final NetworkInterfaces interfaces;
    final Generators generators;
    final InvariantChecks checks;
    /** The collective engine's side, or null without an engine. */
    final CollectiveUnit collectives;
    /** Unicast packets dropped by their destination's CRC check, until their sources send them again. */
    UnicastRetransmission retransmission;
    final PacketPool pool;
    final Progress progress;
    final RouterDescription description;
    /** The router of every router, by the topology's router kinds. */
    final RouterKinds kinds;
    final ProviderNames names;
    final QueuingScheme queuing;
    /** The buffers' occupancy adaptive routing reads (the queuing view). */
    private final QueuingView occupancy;
    final Throttle throttle;
    final boolean throttleActive;
    final boolean cutThrough;
    final int vcs;
    private final NetworkObserver observer;
    /** False when the observer keeps the interface's empty cycleEnd: the per-cycle call is skipped. */
    private final boolean observesCycles;
    private final long maxCycles;
    private final long deadlockCycles;
    /** Looks every deadlockCycles for part of the network waiting only on itself while the rest moves. */
    private final DeadlockWatch deadlockWatch;
    private long cycles;
    private boolean truncated;

    FlitNetwork(NetworkSetup setup, int livelockHopsPerRouter, boolean waitForTailCredit) {
        this(setup, livelockHopsPerRouter, waitForTailCredit, 0);
    }

    /** With the parameters' default {@code retransmitTimeoutCycles}. */
    FlitNetwork(NetworkSetup setup, int livelockHopsPerRouter, boolean waitForTailCredit, double bitErrorRate) {
        this(setup, livelockHopsPerRouter, waitForTailCredit, bitErrorRate, defaultRetransmitTimeout());
    }

    /**
     * @param bitErrorRate per bit of every link: barrier packets per link ({@link LinkErrors}), unicast
     *        packets end to end ({@link UnicastRetransmission})
     * @param retransmitTimeoutCycles from a unicast packet's injection to the earliest cycle its
     *        source sends it again when it was dropped
     */
    FlitNetwork(NetworkSetup setup, int livelockHopsPerRouter, boolean waitForTailCredit, double bitErrorRate,
            int retransmitTimeoutCycles) {
        require(setup.topology(), "topology");
        RouterDescription d = require(setup.router(), "router description");
        RoutingAlgorithm routing = require(setup.routing(), "routing algorithm");
        require(setup.pattern(), "traffic pattern");
        require(setup.injection(), "injection process");
        this.names = setup.names() == null ? ProviderNames.unnamed() : setup.names();
        this.observer = setup.observer() == null ? new NetworkObserver() { } : setup.observer();
        this.observesCycles = overrides(observer, NetworkObserver.class, "cycleEnd", long.class);
        require(setup.random(), "random streams");
        require(setup.limits(), "run limits");
        require(setup.queuing(), "queuing scheme");
        require(setup.throttle(), "throttle");
        RouterParts parts = require(setup.parts(), "router parts");
        this.description = d;
        int packetFlits = setup.packetFlits();
        if (packetFlits < 1) {
            throw new IllegalArgumentException("packet length = " + packetFlits + " flits; use >= 1");
        }
        // the router of every router, by kind; kinds agree on everything but delays, buffers and links
        this.kinds = new RouterKinds(setup.topology(), setup::router);
        this.vcs = d.vcs();
        this.cutThrough = d.flowControl() == FlowControl.VIRTUAL_CUT_THROUGH;
        // the allocator parts, crossbar and injection are the setup's router's: every kind must share them
        RouterKinds.shared("the hardware model's router", d, "kind '" + setup.topology().routerKind(0) + "'",
                kinds.first());
        int[] priority = new int[vcs];
        String[] functions = new String[vcs];
        List<VirtualChannel> channels = d.channels();
        for (int v = 0; v < vcs; v++) {
            priority[v] = channels.get(v).priority();
            functions[v] = channels.get(v).function();
        }
        // virtual cut-through: a VC smaller than a packet is allowed (e.g. a barrier VC of 128 bytes
        // beside 1-KB data packets) as long as some VC holds a whole packet; a packet whose allowed
        // VCs are all too small is refused when it asks for them (VcFit)
        for (var kind : kinds.kinds.entrySet()) {
            List<VirtualChannel> ch = kind.getValue().channels();
            int largest = 0;
            for (int v = 0; v < vcs; v++) {
                largest = Math.max(largest, ch.get(v).bufferFlits());
            }
            if (cutThrough && largest < packetFlits) {
                throw new IllegalArgumentException("virtual cut-through needs a VC buffer to hold a whole packet, but"
                        + (kinds.uniform ? "" : " routers of kind '" + kind.getKey() + "' have")
                        + (vcs == 1 ? " bufferFlits = " + largest : " the largest VC has bufferFlits = " + largest)
                        + " < packet length " + packetFlits + "; raise bufferFlits or use wormhole flow control");
            }
        }
        String routingName = names.routing();
        int vcClasses = routing.vcClasses();
        if (vcClasses < 1) {
            throw new IllegalArgumentException("routing '" + routingName + "' declares " + vcClasses
                    + " VC classes; a routing algorithm needs at least 1");
        }
        if (livelockHopsPerRouter < 1) {
            throw new IllegalArgumentException("livelockHopsPerRouter = " + livelockHopsPerRouter + "; use >= 1");
        }
        this.maxCycles = setup.limits().maxCycles();
        this.deadlockCycles = setup.limits().deadlockCycles();
        this.deadlockWatch = new DeadlockWatch(this, Math.max(deadlockCycles, DeadlockWatch.MIN_PERIOD));

        // ---- the parts, each on the arrays of those before it
        // VOQ crossbar access splits every input VC into one queue per output port of its router
        boolean voq = d.crossbar() == CrossbarOrganisation.VOQ;
        int arrivalDelay = Links.maxArrivalDelay(kinds);
        StateSize.check(setup.topology(), kinds.maxCapacityPerVc(), voq, vcClasses, packetFlits, arrivalDelay,
                Runtime.getRuntime().maxMemory());
        this.wiring = new Wiring(setup.topology(), vcs, voq);
        Wiring w = wiring;
        int localQueues = w.maxLocalQueues();
        int maxCandidates = w.maxPorts * vcClasses;
        this.routers = new ActiveRouters(w.routers, localQueues, w.maskWords);
        PortWaiters waiters = voq ? new PortWaiters(w, routers) : null;
        this.outputs = new OutputUnits(w, kinds.creditCapacity(w));
        this.inputs = new InputBuffers(w, kinds.inputCapacity(w), maxCandidates, routers, outputs.credits, arrivalDelay,
                packetFlits);
        this.pool = new PacketPool(w.nodes * 4);
        this.progress = new Progress();
        ServiceLevels levels = ServiceLevels.of(d.serviceLevels(), vcs);
        this.route = new RouteStage(routing, routingName, w, inputs, routers, pool, names, progress, vcClasses,
                maxCandidates, levels);
        this.contention = new ContentionCounter(inputs, pool, w.totalQueues());
        // queuing and throttle see the model through their views
        this.transmitWait = new TransmitWait(w, inputs, outputs, pool, routers, cutThrough);
        QueuingView view = new QueuingView(w, route, outputs, transmitWait, functions, levels);
        this.occupancy = view;
        if (routing.readsOccupancy()) {
            routing.occupancy(view);
        }
        this.queuing = require(setup.queuing().apply(view), "queuing scheme instance");
        route.queuing(queuing);
        route.honourAtomicClasses(!cutThrough);
        outputs.tailWaits = waitForTailCredit || route.atomicClasses();
        this.throttle = require(setup.throttle().apply(new ThrottleView(w, inputs, outputs, routers, progress,
                kinds.maxBufferFlits(), kinds.minBufferFlits())), "throttle instance");
        this.throttleActive = !throttle.inactive();
        if (throttleActive && w.maxPorts > Long.SIZE) {
            throw new IllegalArgumentException("a throttle needs one source queue per output port, and routers here have up to "
                    + w.maxPorts + " ports; throttled runs support at most " + Long.SIZE + " ports per router");
        }
        // the delivery wheel spans the slowest way into a network interface
        RouterDescription ni = Links.interfaceSide(kinds, w);
        int terminalFlitDelay = 0;
        for (RouterDescription k : kinds.kinds.values()) {
            terminalFlitDelay = Math.max(terminalFlitDelay, k.pipeline().switchAllocDelay()
                    + k.pipeline().switchTraversalDelay() + k.terminalLink().latencyCycles()
                    + k.terminalLink().cyclesPerFlit() - 1);
        }
        this.interfaces = NetworkInterfaces.of(
                new NetworkInterfaces.Parts(w, outputs, inputs, pool, progress, observer, names),
                new NetworkInterfaces.Timing(cutThrough, waitForTailCredit, packetFlits, Links.injectDelay(ni),
                        terminalFlitDelay, setup.endpoint().receiveOverheadCycles(), ni.terminalLink().cyclesPerFlit()),
                d.injection(), throttle, throttleActive, w.maxPorts);
        this.links = new Links(kinds, w, outputs, inputs, routers, interfaces.niWaiting, pool, waiters);
        // unicast losses draw from a stream of their own: the barrier packets' draws (stream links) stay as they were
        this.retransmission = new UnicastRetransmission(bitErrorRate, d.flitBytes() * 8, packetFlits,
                retransmitTimeoutCycles, setup.random().stream("unicast-errors", 0));
        interfaces.retransmission(retransmission);

        // allocator parts
        int[] vcInputs = new int[w.routers];
        int[] portInputs = new int[w.routers];
        int[] queueInputs = new int[w.routers];
        for (int r = 0; r < w.routers; r++) {
            portInputs[r] = w.ports(r);
            vcInputs[r] = w.ports(r) * vcs;
            queueInputs[r] = vcInputs[r] * w.queuesPerVc[r];
        }
        // VC allocation: inputs are the local queues, outputs the local output VCs
        AllocatorShape vaShape = new AllocatorShape(queueInputs, vcInputs, 1);
        CrossbarOrganisation organisation = d.crossbar();
        AllocatorShape saShape = switch (organisation) {
            case SHARED -> new AllocatorShape(portInputs, portInputs, vcs);
            case VC_INPUTS -> new AllocatorShape(vcInputs, portInputs, 1);
            case PER_VC -> new AllocatorShape(vcInputs, vcInputs, 1);
            case VOQ -> new AllocatorShape(queueInputs, portInputs, 1);
        };
        AllocationStage va = stage(parts, "VC allocation", d.vcAllocator(), vaShape,
                Math.multiplyExact(localQueues, Math.multiplyExact(maxCandidates, vcs)));
        AllocationStage sa = stage(parts, "switch allocation", d.switchAllocator(), saShape, localQueues);
        // per-VC crossbars: each output's arbiter chooses among the crossbars (inputs = port * vcs + vc)
        AllocationStage arbiter = organisation != CrossbarOrganisation.PER_VC ? null
                : stage(parts, "output arbitration", d.outputArbiter(), new AllocatorShape(vcInputs, portInputs, 1),
                        localQueues);

        this.crossbar = new Crossbar(w, inputs, outputs, routers, links, contention, interfaces, pool, progress, route,
                observer, waitForTailCredit, (long) livelockHopsPerRouter * w.routers, waiters);
        if (d.interleaving() == OutputInterleaving.PACKETS) {
            if (!cutThrough) {
                throw new IllegalArgumentException("outputs that send whole packets need virtual cut-through flow"
                        + " control: under wormhole a packet could stall for credits while it holds its output, and the VCs"
                        + " that keep the routing deadlock-free would wait on each other; use flowControl"
                        + " virtual-cut-through or outputs that interleave flits");
            }
            crossbar.outputLock = new int[w.portBase[w.routers]];
            if (organisation == CrossbarOrganisation.SHARED) {
                // one crossbar input per port: the packet holds it to its tail, as it holds its output
                crossbar.inputLock = new int[w.portBase[w.routers]];
            }
            interfaces.wholePackets = true;
            route.wholePackets = true;
        }
        this.branches = new MultiOutputRoutes(crossbar, organisation, sa, kinds.vcAllocDelay, cutThrough);
        this.vcAllocation = new VcAllocation(kinds.routingDelay, kinds.vcAllocDelay, cutThrough, w, inputs, outputs, routers, route, contention,
                pool, va, priority, waiters, branches);
        this.switchAllocation = new SwitchAllocation(organisation, w, inputs, outputs, routers, contention, crossbar, links, pool,
                sa, arbiter, priority, branches);
        this.checks = new InvariantChecks(w, inputs, outputs, routers, waiters, links, pool, interfaces, route, names,
                progress);
        inputs.wire(route, checks);
        links.checks(checks);
        crossbar.checks(checks);
        interfaces.wire(route, checks);

        // first generation times, each node from its own stream
        this.generators = new Generators(setup.pattern(), setup.injection(), names, observer, interfaces, progress,
                setup.random(),
                w.nodes, packetFlits, setup.endpoint().sendOverheadCycles(), maxCycles);
        if (setup.collectives() != null) {
            if (organisation == CrossbarOrganisation.VOQ) {
                throw new IllegalArgumentException("a collective engine needs FIFO input buffers (its packets are routed at"
                        + " the front of their VC); VOQ crossbar access routes on arrival: use another crossbar organisation");
            }
            String engineName = setup.names().collective() != null ? setup.names().collective()
                    : setup.collectives().getClass().getSimpleName();
            this.collectives = new CollectiveUnit(setup.collectives(), engineName, w,
                    inputs, routers, pool, progress, observer, setup.endpoint().receiveOverheadCycles(),
                    setup.endpoint().sendOverheadCycles(), setup.program());
            collectives.wire(links, interfaces);
            collectives.wire(outputs, queuing, levels, new LinkErrors(bitErrorRate, d.flitBytes() * 8,
                    setup.random().stream("links", 0)));
            crossbar.collectives = collectives;
            branches.collectives = collectives;
            collectives.packetFlits(packetFlits);
            interfaces.collectives(collectives);
            route.collectives(collectives);
            vcAllocation.collectives = collectives;
            generators.collectives = collectives;
        } else {
            this.collectives = null;
        }
    }

    private static AllocationStage stage(RouterParts parts, String use, PartChoice choice, AllocatorShape shape,
            int capacity) {
        Allocator allocator;
        try {
            allocator = parts.allocator(use, choice, shape);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(use + ": " + e.getMessage(), e);
        }
        if (allocator == null) {
            throw new IllegalArgumentException(use + ": the router parts gave no allocator for '" + choice + "'");
        }
        return new AllocationStage(use, parts.describe(choice), allocator, capacity, shape.maxInputs(),
                shape.maxOutputs());
    }

    // =====================================================================================
    // NetworkModel

    @Override
    public long generated() {
        // collective packets are the engine's: observers never see them, and neither do these counts
        return interfaces.generated - (collectives == null ? 0 : collectives.created());
    }

    @Override
    public long delivered() {
        return interfaces.delivered - (collectives == null ? 0 : collectives.ended());
    }

    @Override
    public long inFlight() {
        return generated() + replicated() - delivered();
    }

    @Override
    public long replicated() {
        return interfaces.replicated - interfaces.collectiveCopies;
    }

    @Override
    public java.util.Map<String, Long> collectiveCounters() {
        if (collectives == null) {
            return java.util.Map.of();
        }
        java.util.Map<String, Long> out = new java.util.LinkedHashMap<>();
        out.put("packets", collectives.created());
        out.put("dropped", collectives.dropped);
        return out;
    }

    /**
     * Unicast packets lost to link errors and sent again; empty when none was lost, so the results of
     * a run without losses keep their columns.
     */
    @Override
    public java.util.Map<String, Long> lossCounters() {
        if (retransmission.dropped == 0) {
            return java.util.Map.of();
        }
        return java.util.Map.of("unicastDropped", retransmission.dropped, "retransmitted", retransmission.retransmitted);
    }

    @Override
    public long throttleHeldCycles() {
        return throttleActive ? interfaces.heldCycles : -1;
    }

    @Override
    public long flitHops() {
        return progress.flitHops;
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
    public boolean countsContention() {
        return true;
    }

    @Override
    public long contentionEvents() {
        return contention.events;
    }

    @Override
    public long endpointContentionEvents() {
        return contention.endpointEvents;
    }

    @Override
    public long contentionWaitCycles() {
        return contention.waitCycles;
    }

    @Override
    public boolean done(long cycle) {
        if (generators.exhausted() && interfaces.generated + interfaces.replicated == interfaces.delivered
                && (collectives == null || collectives.idle() && !collectives.hasEntries() && !collectives.hasTimers()
                        && !collectives.hasSends())) {
            return true;
        }
        if (cycle + 1 >= maxCycles) {
            truncated = true;
            return true;
        }
        return false;
    }

    @Override
    public void replaceRouting(RoutingAlgorithm replacement, String name) {
        if (replacement == null) {
            throw new IllegalArgumentException("replaceRouting: no routing algorithm given");
        }
        int needed = replacement.vcClasses();
        if (needed < 1 || needed > route.vcClasses) {
            throw new IllegalArgumentException("routing '" + name + "' needs " + needed + " VC classes but this run's queuing"
                    + " scheme serves " + route.vcClasses + " (those of '" + route.routingName + "'); swap to an algorithm"
                    + " with at most " + route.vcClasses + " classes or start a new run");
        }
        // packets whose route is already computed keep it; every later route computation (and
        // the queuing look-ahead) uses the new algorithm
        if (replacement.readsOccupancy()) {
            replacement.occupancy(occupancy);
        }
        route.replace(replacement, name);
        outputs.tailWaits |= route.atomicClasses();
    }

    /** Name of the routing algorithm in use (changes with {@link #replaceRouting}). */
    public String routingName() {
        return route.routingName;
    }

    @Override
    public void atSafePoint(long nextCycle) {
        checkConservation();
    }

    /** The safe-point invariants (credit conservation, allocation masks, packet accounting), now. */
    void checkConservation() {
        checks.checkConservation(progress.now);
    }

    // =====================================================================================
    // read-only queries (space-time charts, throttles, tests)

    /** Flits present (arrived, not yet departed) in VC {@code vc} of input port {@code inPort} of {@code router}. */
    public int bufferOccupancy(int router, int inPort, int vc) {
        return inputs.visibleFlits((wiring.portBase[router] + inPort) * vcs + vc, progress.now);
    }

    /**
     * The model's input buffers for recorders (space-time charts): {@link #bufferOccupancy}, the
     * buffer capacity and the VC count, through the network API.
     */
    @Override
    public BufferProbe buffers() {
        return buffers;
    }

    private final BufferProbe buffers = new BufferProbe() {
        @Override
        public int occupiedFlits(int router, int inPort, int vc) {
            return bufferOccupancy(router, inPort, vc);
        }

        @Override
        public int capacityFlits() {
            return kinds.maxBufferFlits();
        }

        @Override
        public int vcs() {
            return vcs;
        }
    };

    /** Credits {@code router} holds for VC {@code vc} of the buffer its output {@code outPort} feeds. */
    public int outputCredits(int router, int outPort, int vc) {
        return outputs.credits[(wiring.portBase[router] + outPort) * vcs + vc];
    }

    /** Packets waiting in the source queue of {@code node} (the one being injected included). */
    public int sourceQueueLength(int node) {
        return interfaces.queued(node);
    }

    /** Packets whose head has entered the network and whose tail has not been delivered. */
    public long packetsInNetwork() {
        return progress.inNetwork;
    }

    // =====================================================================================
    // the cycle

    @Override
    public void cycle(long t) {
        progress.now = t;
        int tl = (int) t;
        links.returnCredits(t);
        long deliveredBefore = interfaces.delivered;
        interfaces.deliver(t);
        boolean news = interfaces.delivered != deliveredBefore;
        if (collectives != null && collectives.notifyDue(t)) {
            news = true;
        }
        if (generators.hasWaiting() && news) {
            generators.wakeWaiting(t);
        }
        if (throttleActive) {
            try {
                throttle.cycle(t);
            } catch (RuntimeException e) {
                throw new SimulationException("throttle '" + names.throttle() + "' threw " + e + " at cycle " + t, e);
            }
        }
        generators.generate(t);
        if (retransmission.hasWaiting()) {
            retransmission.resendDue(interfaces, t);
        }
        if (collectives != null) {
            if (collectives.hasEntries()) {
                collectives.enterDue(t);
            }
            if (collectives.hasTimers()) {
                collectives.fireTimers(t);
            }
            if (collectives.hasSends()) {
                collectives.flushSends(t);
            }
        }
        interfaces.injectAll(t, tl);
        // the routers holding flits at the start of the loop, in index order (see ActiveRouters)
        ActiveRouters active = routers;
        VcAllocation va = vcAllocation;
        SwitchAllocation sa = switchAllocation;
        long[] visiting = active.startCycle();
        for (int w = 0; w < visiting.length; w++) {
            long bits = visiting[w];
            while (bits != 0) {
                int r = (w << 6) + Long.numberOfTrailingZeros(bits);
                bits &= bits - 1;
                // a stage with no work is not called (at low load most listed routers hold only
                // flits still on a link, or VCs waiting for a credit)
                if (active.hasVaWork(r)) {
                    va.step(r, t, tl);
                }
                if (active.hasSaWork(r)) {
                    sa.step(r, t, tl);
                }
                active.visited(r);
            }
        }
        if (transmitWait.counting) {
            transmitWait.sample(tl);
        }
        cycles++;
        if (progress.inNetwork > 0 && t - progress.lastMove >= deadlockCycles) {
            throw new WaitForGraph(this).deadlock(t);
        }
        if (deadlockWatch.due(t) && progress.inNetwork > 0) {
            deadlockWatch.look(t);
        }
        if (observesCycles) {
            observer.cycleEnd(t);
        }
    }

    /**
     * VOQ access without {@link PortWaiters}: blocked heads stay in the VA mask behind the
     * router-wide epoch, as before the waiters (tests: the two give the same results). Before the
     * first cycle only.
     */
    void withoutParking() {
        if (cycles != 0) {
            throw new IllegalStateException("withoutParking() after " + cycles + " cycles");
        }
        vcAllocation.waiters = null;
        crossbar.waiters = null;
        links.waiters = null;
        checks.waiters = null;
    }

    /** Replaces the unicast losses and their retransmission (tests: a scripted drop). */
    void retransmission(UnicastRetransmission r) {
        this.retransmission = r;
        interfaces.retransmission(r);
    }

    /** The default of {@link FlitNetworkParameters#retransmitTimeoutCycles}, where it is written. */
    private static int defaultRetransmitTimeout() {
        try {
            return (Integer) FlitNetworkParameters.class.getMethod("retransmitTimeoutCycles").getDefaultValue();
        } catch (NoSuchMethodException e) {
            throw new IllegalStateException(e);
        }
    }

    private static int maxPorts(org.fabrica.topology.Topology topology) {
        int m = 1;
        for (int r = 0; r < topology.routers(); r++) {
            m = Math.max(m, topology.ports(r));
        }
        return m;
    }

    /**
     * True when {@code provider}'s class overrides (or implements) {@code method} instead of
     * inheriting {@code api}'s default: the network then calls it, else it skips the call.
     */
    static boolean overrides(Object provider, Class<?> api, String method, Class<?>... parameters) {
        try {
            return provider.getClass().getMethod(method, parameters).getDeclaringClass() != api;
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
