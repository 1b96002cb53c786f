package org.fabrica.network.flit;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.fabrica.hardware.CrossbarOrganisation;
import org.fabrica.hardware.FlowControl;
import org.fabrica.hardware.InjectionQueues;
import org.fabrica.hardware.RouterDescription;
import org.fabrica.network.parts.ServiceLevels;
import org.fabrica.queuing.QueuingContext;
import org.fabrica.queuing.QueuingScheme;
import org.fabrica.router.AllocatorShape;
import org.fabrica.router.RouterParts;
import org.fabrica.routing.RoutingAlgorithm;
import org.fabrica.stats.NetworkObserver;
import org.fabrica.topology.Topology;

/**
 * The router's parts wired by hand, as {@link FlitNetwork}'s constructor wires them, but without
 * the network around them: no generators and no cycle loop. A test puts flits where it wants them
 * ({@link #push}, {@link #own}), calls one part ({@code crossbar.traverse}, {@code links.returnCredits},
 * {@code vcAllocation.step}, ...) and looks at the arrays.
 *
 * <p>Set the public fields, then {@link #build}. Defaults: a 4-router ring ({@link Fixtures.Ring}),
 * 2 VCs of 4 flits, wormhole, every pipeline delay 1, shared crossbar, ring routing with datelines,
 * class-per-VC queuing, 2-flit packets.
 */
final class PartsBench {
    // ---- configuration
    Topology topology = new Fixtures.Ring(4);
    RouterDescription description = RouterDescription.of(Fixtures.router(2, 4, FlowControl.WORMHOLE));
    RoutingAlgorithm routing = new Fixtures.RingRouting(4, true);
    Function<QueuingContext, QueuingScheme> queuing = Fixtures.classPerVc();
    int packetFlits = 2;
    /** The packet length the input buffers' pools of runs are first sized for (1: as many runs as flits). */
    int bufferPacketFlits = 1;
    boolean waitForTailCredit;
    long hopLimit = 100;
    int receiveOverhead;
    RouterParts parts = Fixtures.parts();

    // ---- the parts
    Wiring wiring;
    ActiveRouters routers;
    PortWaiters waiters;
    OutputUnits outputs;
    InputBuffers inputs;
    PacketPool pool;
    Progress progress;
    RouteStage route;
    ContentionCounter contention;
    NetworkInterfaces interfaces;
    Links links;
    Crossbar crossbar;
    MultiOutputRoutes branches;
    VcAllocation vcAllocation;
    SwitchAllocation switchAllocation;
    InvariantChecks checks;
    final Events observer = new Events();
    int vcs;

    /** Every observer call as a line, e.g. {@code injected 3 at 5}. */
    static final class Events implements NetworkObserver {
        final List<String> lines = new ArrayList<>();

        @Override
        public void packetInjected(long packet, int source, long cycle) {
            lines.add("injected " + packet + " at " + cycle);
        }

        @Override
        public void packetDelivered(long packet, int source, int destination, int flits, long created, long injected,
                long cycle, int hops) {
            lines.add("delivered " + packet + " at " + cycle + " hops " + hops);
        }
    }

    PartsBench build() {
        RouterDescription d = description;
        vcs = d.vcs();
        boolean cutThrough = d.flowControl() == FlowControl.VIRTUAL_CUT_THROUGH;
        int[] priority = new int[vcs];
        for (int v = 0; v < vcs; v++) {
            priority[v] = d.channels().get(v).priority();
        }
        wiring = new Wiring(topology, vcs, d.crossbar() == CrossbarOrganisation.VOQ);
        Wiring w = wiring;
        int localQueues = w.maxLocalQueues();
        int maxCandidates = w.maxPorts * routing.vcClasses();
        routers = new ActiveRouters(w.routers, localQueues);
        waiters = w.voq ? new PortWaiters(w, routers) : null;
        RouterKinds kinds = RouterKinds.all(topology, d);
        outputs = new OutputUnits(w, kinds.creditCapacity(w));
        outputs.tailWaits = waitForTailCredit; // as FlitNetwork sets it (no routing here declares an atomic class)
        inputs = new InputBuffers(w, kinds.inputCapacity(w), maxCandidates, routers, outputs.credits, Integer.MAX_VALUE,
                bufferPacketFlits);
        pool = new PacketPool(16);
        progress = new Progress();
        ServiceLevels levels = ServiceLevels.of(d.serviceLevels(), d.vcs());
        route = new RouteStage(routing, "ring-test", w, inputs, routers, pool, Fixtures.NAMES, progress,
                routing.vcClasses(), maxCandidates, levels);
        contention = new ContentionCounter(inputs, pool, w.totalQueues());
        route.queuing(queuing.apply(new QueuingView(w, route, outputs,
                new TransmitWait(w, inputs, outputs, pool, routers, cutThrough),
                d.channels().stream().map(org.fabrica.hardware.VirtualChannel::function).toArray(String[]::new),
                levels)));
        int terminalFlitDelay = d.pipeline().switchAllocDelay() + d.pipeline().switchTraversalDelay()
                + d.terminalLink().latencyCycles() + d.terminalLink().cyclesPerFlit() - 1;
        interfaces = NetworkInterfaces.of(
                new NetworkInterfaces.Parts(w, outputs, inputs, pool, progress, observer, Fixtures.NAMES),
                new NetworkInterfaces.Timing(cutThrough, waitForTailCredit, packetFlits, Links.injectDelay(d),
                        terminalFlitDelay, receiveOverhead, d.terminalLink().cyclesPerFlit()),
                d.injection() == InjectionQueues.PER_VC ? InjectionQueues.PER_VC : InjectionQueues.SINGLE,
                Fixtures.noThrottle().apply(null), false, w.maxPorts);
        links = new Links(kinds, w, outputs, inputs, routers, interfaces.niWaiting, pool, waiters);
        int[] vcInputs = new int[w.routers];
        int[] portInputs = new int[w.routers];
        int[] queueInputs = new int[w.routers];
        for (int r = 0; r < w.routers; r++) {
            portInputs[r] = w.ports(r);
            vcInputs[r] = w.ports(r) * vcs;
            queueInputs[r] = vcInputs[r] * w.queuesPerVc[r];
        }
        AllocatorShape vaShape = new AllocatorShape(queueInputs, vcInputs, 1);
        AllocatorShape saShape = switch (d.crossbar()) {
            case SHARED -> new AllocatorShape(portInputs, portInputs, vcs);
            case VC_INPUTS -> new AllocatorShape(vcInputs, portInputs, 1);
            case PER_VC -> new AllocatorShape(vcInputs, vcInputs, 1);
            case VOQ -> new AllocatorShape(queueInputs, portInputs, 1);
        };
        AllocationStage va = stage("VC allocation", d.vcAllocator(), vaShape, localQueues * maxCandidates * vcs);
        AllocationStage sa = stage("switch allocation", d.switchAllocator(), saShape, localQueues);
        AllocationStage arbiter = d.crossbar() != CrossbarOrganisation.PER_VC ? null
                : stage("output arbitration", d.outputArbiter(), new AllocatorShape(vcInputs, portInputs, 1), localQueues);
        crossbar = new Crossbar(w, inputs, outputs, routers, links, contention, interfaces, pool, progress, route,
                observer, waitForTailCredit, hopLimit, waiters);
        branches = new MultiOutputRoutes(crossbar, d.crossbar(), sa, kinds.vcAllocDelay, cutThrough);
        vcAllocation = new VcAllocation(kinds.routingDelay, kinds.vcAllocDelay, cutThrough, w, inputs, outputs, routers, route, contention, pool,
                va, priority, waiters, branches);
        switchAllocation = new SwitchAllocation(d.crossbar(), w, inputs, outputs, routers, contention, crossbar, links,
                pool, sa, arbiter, priority, branches);
        checks = new InvariantChecks(w, inputs, outputs, routers, waiters, links, pool, interfaces, route,
                Fixtures.NAMES, progress);
        inputs.wire(route, checks);
        links.checks(checks);
        crossbar.checks(checks);
        interfaces.wire(route, checks);
        return this;
    }

    /** The description's allocator part for {@code use}, as the network builds it. */
    private AllocationStage stage(String use, org.fabrica.router.PartChoice choice, AllocatorShape shape, int capacity) {
        return new AllocationStage(use, choice.name(), parts.allocator(use, choice, shape), capacity, shape.maxInputs(),
                shape.maxOutputs());
    }

    // ---- index helpers

    /** Global port of local port {@code port} of router {@code r}. */
    int gp(int r, int port) {
        return wiring.portBase[r] + port;
    }

    /** Input VC (or output VC: the same index space) {@code vc} of port {@code port} of router {@code r}. */
    int vc(int r, int port, int vc) {
        return gp(r, port) * vcs + vc;
    }

    /** Router-local index of VC {@code vc} of port {@code port}. */
    int local(int port, int vc) {
        return port * vcs + vc;
    }

    /** Credit counter of node {@code n}'s interface for VC {@code vc} of its terminal input. */
    int niCredit(int n, int vc) {
        return outputs.niCreditBase + n * vcs + vc;
    }

    // ---- state helpers

    /** A packet in the network (state IN_NETWORK, injected at 0), with the next id; returns its slot. */
    int packet(int source, int destination, int flits) {
        int slot = pool.allocate(progress.nextPacketId++, source, destination, flits, 0);
        pool.injected[slot] = 0;
        pool.state[slot] = PacketPool.IN_NETWORK;
        progress.inNetwork++;
        interfaces.generated++;
        return slot;
    }

    /** Appends {@code flits} flits of packet {@code slot} to FIFO input VC (port, vc) of router r, visible from {@code visible}. */
    void push(int r, int port, int vc, int slot, int flits, int visible) {
        for (int f = 0; f < flits; f++) {
            inputs.push(vc(r, port, vc), r, local(port, vc), slot, visible);
        }
    }

    /**
     * The front packet of input VC (port, vc) of router r owns output VC (outPort, outVc), as after a
     * VC grant whose delay has passed; in the switch mask when it holds flits and the output a credit.
     */
    void own(int r, int port, int vc, int outPort, int outVc) {
        int iv = vc(r, port, vc);
        int ov = vc(r, outPort, outVc);
        int x = iv << InputBuffers.VC_SHIFT;
        inputs.vc[x + VcStates.STATE] = VcStates.ACTIVE;
        inputs.vc[x + VcStates.OUT] = ov;
        inputs.vc[x + VcStates.OUT_PORT] = outPort;
        inputs.vc[x + VcStates.READY] = Integer.MIN_VALUE / 2;
        int l = local(port, vc);
        routers.rt[r * routers.stride + ActiveRouters.VA + (l >>> 6)] &= ~(1L << l);
        outputs.owner[ov] = iv;
        if (inputs.count(iv) > 0 && outputs.credits[ov] > 0) {
            routers.setSa(r, l);
        }
    }

    /**
     * Runs {@link Links#returnCredits} for every cycle from {@code from} to {@code to}, inclusive. The
     * credit wheel is a ring over a short horizon: call it in cycle order, from the cycle the
     * credits were scheduled in (an earlier cycle would read a later cycle's bucket).
     */
    void returnCredits(long from, long to) {
        for (long c = from; c <= to; c++) {
            progress.now = c;
            links.returnCredits(c);
        }
    }
}
