package org.fabrica.network.flit;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.fabrica.hardware.FlowControl;
import org.fabrica.hardware.RouterParameters;
import org.fabrica.kernel.SimulationException;
import org.fabrica.network.BufferProbe;
import org.fabrica.network.NetworkModel;
import org.fabrica.network.NetworkSetup;
import org.fabrica.network.ProviderNames;
import org.fabrica.queuing.QueuingContext;
import org.fabrica.queuing.QueuingScheme;
import org.fabrica.routing.PacketView;
import org.fabrica.routing.RoutingAlgorithm;
import org.fabrica.stats.NetworkObserver;
import org.fabrica.throttle.Throttle;
import org.fabrica.throttle.ThrottleContext;
import org.fabrica.topology.Topology;
import org.fabrica.traffic.InjectionProcess;
import org.fabrica.traffic.TrafficPattern;

/**
 * Flit-level, cycle-accurate network of input-queued virtual-channel routers with credit flow
 * control, and one network interface (NI) per end node.
 *
 * <h2>Structure</h2>
 * Every router has {@code topology.ports(r)} ports; every input port has {@code vcs} VC buffers of
 * {@code bufferFlits} flits. A flit is visible in a buffer from the cycle it arrives; the VC
 * buffer is a FIFO in which the flits of several packets may follow each other, but the flits of
 * one packet are contiguous. An upstream router (or NI) holds one credit counter per downstream
 * VC, initially {@code bufferFlits}.
 *
 * <h2>Pipeline and timing (times are cycle numbers; all stages are pipelined)</h2>
 * Let A be the cycle in which the head flit of a packet is visible at the front of its input VC
 * (its arrival cycle, or the cycle after the previous packet's tail left that VC).
 * <ol>
 * <li><b>Route computation</b> occupies cycles A .. A+R-1 (R = routingDelay). The routing
 * algorithm is called once per head per router (in the first VC-allocation cycle, A+R); its
 * candidates, in order of preference, are turned into masks of allowed downstream VCs by the
 * queuing scheme ({@code vcMask(router, outPort, vcClass, packet)}), also once.</li>
 * <li><b>VC allocation</b> is attempted in every cycle from A+R until it succeeds: a separable,
 * input-first, one-iteration allocator. Input stage: each waiting head picks one free downstream
 * VC: earlier candidates first, then round robin over (outPort, vc) from a pointer per input VC.
 * Output stage: each downstream VC picks one requesting input VC round robin (pointer per output
 * VC). Pointers advance past the winner only on a grant (BookSim's separable_input_first). A
 * downstream VC is <i>free</i> when no packet owns it; under virtual cut-through it must also have
 * credits for the whole packet ({@code credits >= length}); under wormhole no credit is needed
 * to win it. A packet owns the VC from its grant until its tail leaves this router (or, with
 * {@code waitForTailCredit}, until the tail's credit has come back, i.e. the downstream VC
 * drained). Granted in cycle x, the packet may request the switch from cycle x+VA
 * (VA = vcAllocDelay; 0 means in the same cycle).</li>
 * <li><b>Switch allocation</b>, per flit, separable input-first, one iteration (BookSim's IQ
 * router): a VC is eligible when it owns a downstream VC, its front flit is visible and it holds
 * a credit (> 0) for that VC. Input stage: per input port, the eligible VC whose output port is
 * first in round-robin order from the port's output pointer, VCs of one output ordered round robin
 * from the port's VC pointer. Output stage: per output port, the requesting input port first in
 * round-robin order. One flit per input port and per output port per cycle; with
 * {@code voqCrossbar} every input VC is its own crossbar input (the output stage arbitrates over
 * input VCs). A flit that wins in cycle y leaves its buffer, spends S-1 more allocation cycles, ST
 * cycles in the crossbar and L cycles on the link and is visible downstream in cycle
 * {@code y + S + ST + L} (S = switchAllocDelay, ST = switchTraversalDelay, L = linkLatency).
 * The credit for the freed slot is usable upstream from cycle
 * {@code y + max(S,1) + L + creditDelay}.</li>
 * </ol>
 * With all delays 1 and L = 1 this is BookSim2's default IQ router (routing_delay,
 * vc_alloc_delay, sw_alloc_delay, st_final_delay = 1, 1-cycle channels, credit_delay 0,
 * wait_for_tail_credit 0): a head visible in cycle A is routed in A, allocated a VC in A+1, wins
 * the switch in A+2, crosses in A+3, is on the link in A+4 and visible at the next router in A+5.
 * Per hop: {@code H = R + VA + S + ST + L} cycles.
 *
 * <h2>Network interfaces</h2>
 * Each node has an unbounded FIFO source queue (a ring buffer that doubles when full; one per
 * first-hop port with an active throttle, see below). The packet
 * at its front is injected one flit per cycle into the terminal input port of its router: the head
 * takes a VC of {@code QueuingScheme.injectionVcMask} (round robin from the VC used last, BookSim
 * style) that has a credit (virtual cut-through: credits for the whole packet); following flits go
 * whenever the NI holds a credit. A flit sent in cycle t is visible at the router in
 * {@code t + 1 + L} (the NI's output stage plus the link), so a packet generated in cycle t can send
 * its head in cycle t. Packets leave one after the other (no interleaving at the NI). The
 * terminal output port feeds the NI's ejection buffer, treated like any downstream input buffer
 * ({@code bufferFlits} per VC, VCs owned per packet, credits) that drains at once: the credit of an
 * ejected flit is usable at the router {@code 1 + L + creditDelay} cycles after the flit arrived.
 * A packet is delivered in the cycle its tail arrives at the NI. (The ejection credits only limit a
 * VC when {@code bufferFlits} is below their round trip S + ST + 2L + 1 + creditDelay; otherwise
 * the NI is an infinite sink taking one flit per cycle and port.) A node attached through several
 * ports injects through {@code nodePort(node)} and is delivered to through whichever of its ports
 * the routing chooses.
 *
 * <p><b>End nodes</b> ({@code NetworkSetup.endpoint()}, from the hardware model): a packet generated
 * (posted) in cycle t joins its source queue in {@code t + sendOverhead}, and is delivered
 * {@code receiveOverhead} cycles after its tail reached the NI; latency counts both (the link is
 * free for other packets meanwhile). An injection process may answer {@code AFTER_DELIVERY}: the node
 * is asked again in every cycle with a delivery, after the deliveries were reported, until it gives
 * a cycle (barriers between the transactions of a schedule).
 *
 * <p><b>Zero-load latency</b> of a packet of F flits crossing h router-to-router links (h+1
 * routers), without contention: {@code L + (h + 1) * (R + VA + S + ST + L) + F} cycles from
 * generation to the tail's delivery (with BookSim's settings {@code 5h + 6 + F}), plus the
 * endpoint's send and receive overhead.
 *
 * <h2>Throttle</h2>
 * {@code throttle.cycle(t)} is called at the start of every cycle (after credit returns; skipped
 * when the throttle is inactive). With an active throttle each NI keeps one source queue per
 * output port of its router (the packet's first hop, from the routing's first candidate when the
 * packet is generated), so that a packet held back toward one direction does not hold back
 * packets toward another (specs/spth-torus.md: "injection towards other directions continues").
 * Between packets the NI offers the front packets of its queues, oldest first, to
 * {@code throttle.admit(router, firstHopPort, vc, packet, t)} for each VC the first hop may take,
 * and starts sending the oldest admitted one (if it has an injection credit; if not, it waits for
 * the credit as without a throttle). A throttle that admits everything therefore gives exactly the
 * single-FIFO run. The decision is taken when the head leaves the NI, {@code 1 + L} cycles before it
 * is visible at the router; transit packets are never asked. The throttle context answers the bulk busy-state queries (every buffer's "free flits at
 * most the margin", throttle API 1.1) from the per-router flit counts, outside the router loop.
 *
 * <h2>Order within a cycle</h2>
 * Credits due are returned, packets due are delivered, the throttle updates, nodes generate,
 * NIs inject, then every active router computes routes, allocates VCs and allocates the switch;
 * finally the watchdog runs and observers see {@code cycleEnd}. Every interaction between
 * components takes at least one cycle, so the order in which routers are visited does not matter.
 *
 * <h2>Counting</h2>
 * flitHops counts every flit crossing of a link, terminal links included, when the flit is put on
 * the link: a packet of F flits over h router-to-router links adds {@code F * (h + 2)}. A packet's
 * hops (reported to observers and bounded by the livelock limit) are the router-to-router links
 * its head crossed (BookSim counts routers: one more). Packet latency is the tail's delivery cycle
 * minus the generation cycle (source queueing included).
 *
 * <h2>Deviations from BookSim2</h2>
 * <ul>
 * <li>Multi-cycle allocators are pipelined: BookSim keeps a VC out of allocation for
 * vc_alloc_delay / sw_alloc_delay cycles after each attempt; here a VC may try again next cycle
 * (identical when those delays are 1). A VC grant is committed when it is made, not re-checked
 * vc_alloc_delay-1 cycles later.</li>
 * <li>The route is computed in the first VC-allocation cycle rather than at the end of the last
 * routing cycle (identical except across a routing swap, where the new algorithm is used).</li>
 * <li>The VC of a terminal input port and the NI's credit are managed as for any link; BookSim's
 * NI also requires a free VC (it is: the NI sends packets one after the other).</li>
 * <li>Not a model difference but worth knowing when comparing: BookSim's uniform traffic sends
 * packets to their own source too (through the router and back); Fabrica's uniform pattern draws
 * another node, or drops self-addressed draws.</li>
 * </ul>
 *
 * <h2>Contention counting (specs/rapidio-m2n.md)</h2>
 * Always on. A <i>contention event</i> is a packet that, at a router, had its route and was ready
 * to take an output but could not because the output was held by, or granted in the same cycle
 * to, a packet of <i>another flow</i> (another source-destination pair): in VC allocation, every
 * candidate output VC was taken and at least one was owned by another flow, or the output VC it
 * requested was granted to another flow's request; in switch allocation, it lost its output port
 * to another flow's flit (possible only with several VCs per port). Each packet counts at most
 * once per router (an event is "this packet waited for another flow here", not a cycle of
 * waiting), separately for outputs toward another router ({@link #contentionEvents()}: link and
 * switch-port contention) and terminal outputs ({@link #endpointContentionEvents()}: endpoint
 * contention). {@link #contentionWaitCycles()} sums, per event, the cycles from the first refusal
 * to the cycle the packet got its output VC (or, for a switch-allocation loss, its next flit
 * crossed). Not counted: waiting for credits of a free output VC (flow control: the downstream
 * buffer is still draining, whoever filled it; the cause, if contention, is counted where it
 * happens), a packet waiting behind an earlier packet of its own flow, losing the switch to
 * another VC of the same input port (input, not output, contention), source queueing in the
 * NI, and throttle refusals.
 *
 * <h2>Checks</h2>
 * Every buffer write checks capacity, every credit change checks 0 .. bufferFlits, every flit
 * reaching an NI is counted against its packet (right destination, each flit once, tail last),
 * the livelock limit bounds hops, and a watchdog reports the cycle of waiting channels when
 * packets are in the network but no flit moved for {@code deadlockCycles} cycles (which must
 * exceed the pipeline latency). At safe points credit conservation is verified on every link,
 * and the allocation masks against the VC states. Provider misbehaviour (exceptions, impossible
 * answers) fails the run with a {@link SimulationException} naming the provider, router, port
 * and packet.
 *
 * <h2>Hot path</h2>
 * State is kept in primitive arrays: what one step reads together is packed together (one
 * 64-byte record per input VC with its front flit and first route candidate copied in, one per
 * router with its flit count and allocation masks), the rest as struct of arrays. Packets live in
 * a pool; credit returns and deliveries go through timing wheels; generation times through a
 * min-heap of primitive keys.
 * Only routers holding flits and NIs with queued packets are visited in a cycle, and within a
 * router only VCs with work: a VC waiting for a credit leaves the switch allocator's mask until the
 * credit returns, a head that found all its candidate VCs taken is skipped until an output VC of
 * its router is released (or, under cut-through, receives a credit), and an NI without credits
 * sleeps until one returns. These shortcuts are exact: they skip only evaluations whose outcome
 * cannot have changed.
 *
 * <h2>Extension points for later models</h2>
 * {@link #bufferOccupancy}, {@link #outputCredits} and {@link #sourceQueueLength} are read-only
 * queries for recorders (space-time charts sample a row of routers per direction and VC).
 */
public final class FlitNetwork implements NetworkModel {
    static final int IDLE = 0;
    static final int ROUTING = 1;
    static final int VC_ALLOC = 2;
    static final int ACTIVE = 3;

    /** flitTarget value of a terminal output port (feeds an NI). */
    static final int TERMINAL = -1;
    /** flitTarget value of an unconnected port. */
    static final int UNUSED = -2;

    // ---- configuration
    final Topology topology;
    final int routers;
    final int nodes;
    final int vcs;
    final int bufferFlits;
    final int packetFlits;
    final boolean cutThrough;
    final boolean voq;
    final boolean waitForTailCredit;
    final int routingDelay;
    final int vcAllocDelay;
    final int switchAllocDelay;
    final int traversalDelay;
    final int linkLatency;
    final int creditDelay;
    /** Switch grant to visible downstream: S + ST + L. */
    final int flitDelay;
    /** Switch grant to credit usable upstream: max(S,1) + L + creditDelay. */
    final int creditReturn;
    /** Flit arrival at an NI to credit usable at the router: 1 + L + creditDelay. */
    final int ejectCreditReturn;
    /** NI send to visible at the router: 1 + L. */
    final int injectDelay;
    final int vcClasses;
    final int maxCandidates;
    final long hopLimit;
    final long maxCycles;
    final long deadlockCycles;
    final long allVcs;
    final NetworkObserver observer;
    /** False when the observer keeps the interface's empty cycleEnd: the per-cycle call is skipped. */
    private final boolean observesCycles;
    final QueuingScheme queuing;
    final Throttle throttle;
    final boolean throttleActive;
    final TrafficPattern pattern;
    final InjectionProcess injection;
    final ProviderNames names;
    RoutingAlgorithm routing;
    String routingName;

    // ---- topology, per global port (portBase[r] + local port)
    final int[] portBase;
    final int[] portRouter;
    final int[] portLocal;
    final int[] peerPort;
    final int[] terminalNode;
    /** Input-VC base (peer global port * vcs) that an output port feeds, or TERMINAL / UNUSED. */
    final int[] flitTarget;
    final int[] flitTargetRouter;
    /** Local VC index base (peer local port * vcs) in the downstream router. */
    final int[] flitTargetLocal;
    /** Credit index base that an input port returns its credits to (upstream output VCs or NI). */
    final int[] creditTarget;
    final int[] nodeRouter;
    final int[] nodeInPort;
    final int maxPorts;
    final int words;
    final int[] localPort;
    final int[] localVc;

    // ---- input VCs (global port * vcs + vc)
    /**
     * The hot per-VC fields, packed 16 ints (64 bytes, a cache line) per input VC so that looking
     * at a VC is one memory access: {@code vc[(iv << VC_SHIFT) + field]} with the offsets below.
     */
    final int[] vc;
    static final int VC_SHIFT = 4;
    /** Flits in the buffer (visible or still on the link). */
    static final int COUNT = 0;
    /** Ring position of the front flit. */
    static final int HEAD = 1;
    /** IDLE, ROUTING, VC_ALLOC or ACTIVE: the state of the front packet. */
    static final int STATE = 2;
    /** Low 32 bits of the cycle from which the front packet's next stage may proceed. */
    static final int READY = 3;
    /** Downstream (output) VC owned by the front packet, when ACTIVE. */
    static final int OUT = 4;
    /** Local output port of {@link #OUT}. */
    static final int OUT_PORT = 5;
    /** Flits of the front packet already sent on. */
    static final int SENT = 6;
    /** Router epoch (R_EPOCH) at which the front head found all candidates taken. */
    static final int BLOCKED_AT = 7;
    /** Copy of the front flit's packet slot (valid when COUNT > 0), so allocation never reads the ring. */
    static final int FRONT_SLOT = 8;
    /** Copy of the cycle (low 32 bits) from which the front flit is visible (valid when COUNT > 0). */
    static final int FRONT_VIS = 9;
    /** Route candidates of the front head (after route computation). */
    static final int CAND_COUNT = 10;
    /** The first candidate's output port and VC mask (low, high 32 bits); later ones in candPort/candMask. */
    static final int CAND_PORT = 11;
    static final int CAND_MASK_LO = 12;
    static final int CAND_MASK_HI = 13;
    /** Round-robin pointer of the VC allocator's input arbiter (over local output VCs). */
    static final int VA_PTR = 14;
    /**
     * Contention state of the front packet at this router: 0, {@link #C_COUNTED} (counted as a
     * contention event here) or {@link #C_WAITING} (counted, and waiting for another flow since
     * {@link #waitSince}).
     */
    static final int CONTENTION = 15;
    static final int C_COUNTED = 1;
    static final int C_WAITING = 2;
    /** Candidates 1 .. maxCandidates-1 of the front head, (maxCandidates - 1) per input VC. */
    final int[] candPort;
    final long[] candMask;
    /**
     * The VC buffers: for slot i of input VC iv (e = iv * bufferFlits + i), {@code ring[2e]} is the
     * packet (pool slot) of the flit and {@code ring[2e + 1]} the cycle it is visible from (low 32
     * bits; compared by wrap-safe subtraction). Interleaved so a flit's two fields share a cache line.
     */
    final int[] ring;

    // ---- output VCs (same index space) followed by NI credit counters (niCreditBase + node * vcs + vc)
    final int niCreditBase;
    final int[] credits;
    final int[] owner;
    final boolean[] tailWait;
    final int[] vaOutPtr;

    // ---- ports
    final int[] swVcPtr;
    final int[] swInPtr;
    final int[] swOutPtr;

    // ---- routers
    /**
     * Per router, one record of {@link #routerStride} longs (a cache line for routers of up to
     * 128 local VCs): flits held (buffered or arriving), whether it is in the active list, the
     * allocation epoch, and two bit masks over its local input VCs (port * vcs + vc):
     * <ul>
     * <li>VA mask: the VC holds flits and its front packet has no downstream VC yet (route
     * computation / VC allocation work);</li>
     * <li>SA mask: the VC owns a downstream VC, holds flits and has a credit (switch allocation
     * work). A VC without credit leaves this mask and the credit's return puts it back, so
     * blocked VCs cost nothing while they wait.</li>
     * </ul>
     * The epoch is bumped whenever one of the router's output VCs may have become free (owner
     * released, or a credit returned under cut-through); a head that found all its candidates
     * taken remembers it in {@link #BLOCKED_AT} and is skipped until it changes.
     */
    final long[] rt;
    final int routerStride;
    static final int R_FLITS = 0;
    static final int R_LISTED = 1;
    static final int R_EPOCH = 2;
    static final int R_VA = 4;
    /** Offset of the SA mask words in a router record (R_VA + words). */
    final int rSa;
    /** Router and local index (port * vcs + vc) of every input VC, for credit-return wake-ups. */
    final int[] vcRouter;
    final int[] vcLocal;
    final int[] activeRouters;
    int activeRouterCount;

    // ---- allocation scratch (one router at a time)
    private final int[] reqIn;
    private final int[] reqOut;
    private final int[] vaBest;
    private final int[] vaBestKey;
    private final int[] saBest;
    private final int[] saBestKey;
    private final int[] touched;
    private int touchedCount;
    /** Switch-allocation losers of the router being allocated (local input, output port), for contention counting. */
    private final int[] loserLocal;
    private final int[] loserOut;
    private int loserCount;

    // ---- contention counting (see the class comment)
    /** Flow of the packet owning each output VC, set at the grant: source at [2 ov], destination at [2 ov + 1]. */
    final int[] ownerFlow;
    /** Per input VC: cycle from which its front packet waits for another flow (valid in state {@link #C_WAITING}). */
    final long[] waitSince;
    private long contentionEvents;
    private long endpointContentionEvents;
    private long contentionWaitCycles;

    // ---- network interfaces
    /**
     * Source-queue lanes per node: one per first-hop output port when a throttle is active
     * (specs/spth-torus.md: injection toward other directions continues while one is held back),
     * otherwise one. Lane {@code q} of node {@code n} is queue {@code n * lanes + q}.
     */
    final int lanes;
    /** Compact records of the queued packets; a packet takes a pool slot at the front of its lane. */
    final SourceQueues queues;
    /** Packets queued at each node, over all its lanes. */
    final int[] niQueued;
    /** Queue of the packet the NI is sending, -1 between packets. */
    final int[] niQueue;
    final int[] niVc;
    final int[] niSent;
    final int[] niLastVc;
    final long[] niMask;
    /** The NI could not send for lack of credits; cleared when a credit returns to it. */
    final boolean[] niWaiting;
    final boolean[] niActive;
    final int[] activeNis;
    int activeNiCount;
    private final SplittableRandom[] random;
    private final GenerationCalendar calendar;
    /** Nodes whose injection process answered AFTER_DELIVERY, asked again after a delivery. */
    private final int[] waitingNodes;
    private int waitingCount;
    /** End-node overheads (HardwareModel.endpoint): generation to injectable, tail arrival to delivery. */
    final int sendOverhead;
    final int receiveOverhead;

    // ---- packets and events
    final PacketPool pool;
    private final PacketFlyweight view;
    private final CandidateList candidates;
    private final ScratchPacket scratch;
    private final CandidateList lookahead;
    private final ScratchPacket firstHopScratch;
    private final CandidateList firstHop;
    final EventWheel creditEvents;
    private final EventWheel deliveries;
    private final int[] tally;

    // ---- counters
    private long generated;
    private long delivered;
    private long flitHops;
    private long cycles;
    private long nextPacketId;
    long inNetwork;
    long lastMove;
    long now;
    private boolean truncated;

    FlitNetwork(NetworkSetup setup, int livelockHopsPerRouter, boolean waitForTailCredit) {
        this.topology = require(setup.topology(), "topology");
        RouterParameters rp = require(setup.router(), "router parameters");
        this.routing = require(setup.routing(), "routing algorithm");
        this.pattern = require(setup.pattern(), "traffic pattern");
        this.injection = require(setup.injection(), "injection process");
        this.names = setup.names() == null ? ProviderNames.unnamed() : setup.names();
        this.routingName = names.routing();
        this.observer = setup.observer() == null ? new NetworkObserver() { } : setup.observer();
        this.observesCycles = overridesCycleEnd(observer);
        require(setup.random(), "random streams");
        require(setup.limits(), "run limits");
        require(setup.queuing(), "queuing scheme");
        require(setup.throttle(), "throttle");
        this.packetFlits = setup.packetFlits();
        if (packetFlits < 1) {
            throw new IllegalArgumentException("packet length = " + packetFlits + " flits; use >= 1");
        }
        this.vcs = rp.vcs();
        this.bufferFlits = rp.bufferFlits();
        this.cutThrough = rp.flowControl() == FlowControl.VIRTUAL_CUT_THROUGH;
        if (cutThrough && bufferFlits < packetFlits) {
            throw new IllegalArgumentException("virtual cut-through needs a VC buffer to hold a whole packet, but bufferFlits = "
                    + bufferFlits + " < packet length " + packetFlits + "; raise bufferFlits or use wormhole flow control");
        }
        this.voq = rp.voqCrossbar();
        this.waitForTailCredit = waitForTailCredit;
        this.routingDelay = rp.routingDelay();
        this.vcAllocDelay = rp.vcAllocDelay();
        this.switchAllocDelay = rp.switchAllocDelay();
        this.traversalDelay = rp.switchTraversalDelay();
        this.linkLatency = rp.linkLatency();
        this.creditDelay = rp.creditDelay();
        this.flitDelay = switchAllocDelay + traversalDelay + linkLatency;
        this.creditReturn = Math.max(switchAllocDelay, 1) + linkLatency + creditDelay;
        this.ejectCreditReturn = 1 + linkLatency + creditDelay;
        this.injectDelay = 1 + linkLatency;
        this.vcClasses = routing.vcClasses();
        if (vcClasses < 1) {
            throw new IllegalArgumentException("routing '" + routingName + "' declares " + vcClasses
                    + " VC classes; a routing algorithm needs at least 1");
        }
        if (livelockHopsPerRouter < 1) {
            throw new IllegalArgumentException("livelockHopsPerRouter = " + livelockHopsPerRouter + "; use >= 1");
        }
        this.maxCycles = setup.limits().maxCycles();
        this.deadlockCycles = setup.limits().deadlockCycles();
        this.allVcs = vcs == 64 ? -1L : (1L << vcs) - 1;

        // ---- topology into arrays
        this.routers = topology.routers();
        this.nodes = topology.nodes();
        if (routers < 1 || nodes < 1) {
            throw new IllegalArgumentException("topology " + topology.describe() + " has " + routers
                    + " routers and " + nodes + " nodes; a network needs at least one of each");
        }
        this.hopLimit = (long) livelockHopsPerRouter * routers;
        portBase = new int[routers + 1];
        int mp = 0;
        for (int r = 0; r < routers; r++) {
            int p = topology.ports(r);
            if (p < 1) {
                throw new IllegalArgumentException("topology " + topology.describe() + ": router " + r + " has " + p + " ports");
            }
            mp = Math.max(mp, p);
            portBase[r + 1] = portBase[r] + p;
        }
        this.maxPorts = mp;
        int totalPorts = portBase[routers];
        portRouter = new int[totalPorts];
        portLocal = new int[totalPorts];
        peerPort = new int[totalPorts];
        terminalNode = new int[totalPorts];
        flitTarget = new int[totalPorts];
        flitTargetRouter = new int[totalPorts];
        flitTargetLocal = new int[totalPorts];
        creditTarget = new int[totalPorts];
        this.niCreditBase = totalPorts * vcs;
        for (int r = 0; r < routers; r++) {
            for (int p = 0; p < portBase[r + 1] - portBase[r]; p++) {
                int gp = portBase[r] + p;
                portRouter[gp] = r;
                portLocal[gp] = p;
                int s = topology.neighbor(r, p);
                int node = topology.terminal(r, p);
                terminalNode[gp] = node;
                if (s >= 0) {
                    int q = topology.neighborPort(r, p);
                    if (s >= routers || q < 0 || q >= topology.ports(s) || topology.neighbor(s, q) != r
                            || topology.neighborPort(s, q) != p) {
                        throw new IllegalArgumentException("topology " + topology.describe() + ": link r" + r + " port " + p
                                + " -> r" + s + " port " + q + " is not matched by a link back");
                    }
                    if (node >= 0) {
                        throw new IllegalArgumentException("topology " + topology.describe() + ": router " + r + " port " + p
                                + " is both a link and the terminal of node " + node);
                    }
                    int peer = portBase[s] + q;
                    peerPort[gp] = peer;
                    flitTarget[gp] = peer * vcs;
                    flitTargetRouter[gp] = s;
                    flitTargetLocal[gp] = q * vcs;
                    creditTarget[gp] = peer * vcs;
                } else if (node >= 0) {
                    // a node may attach through several ports (KNS): it injects through
                    // nodePort(node) and may be delivered to through any of them
                    if (node >= nodes) {
                        throw new IllegalArgumentException("topology " + topology.describe() + ": router " + r + " port " + p
                                + " attaches node " + node + ", but nodes are 0.." + (nodes - 1));
                    }
                    peerPort[gp] = -1;
                    flitTarget[gp] = TERMINAL;
                    creditTarget[gp] = niCreditBase + node * vcs;
                } else {
                    peerPort[gp] = -1;
                    flitTarget[gp] = UNUSED;
                    creditTarget[gp] = -1;
                }
            }
        }
        nodeRouter = new int[nodes];
        nodeInPort = new int[nodes];
        for (int n = 0; n < nodes; n++) {
            int r = topology.nodeRouter(n);
            int p = topology.nodePort(n);
            if (r < 0 || r >= routers || p < 0 || p >= topology.ports(r) || topology.terminal(r, p) != n) {
                throw new IllegalArgumentException("topology " + topology.describe() + ": node " + n
                        + " attaches to router " + r + " port " + p + ", which is not its terminal port");
            }
            nodeRouter[n] = r;
            nodeInPort[n] = portBase[r] + p;
        }
        int localVcs = maxPorts * vcs;
        this.words = (localVcs + 63) >>> 6;
        localPort = new int[localVcs];
        localVc = new int[localVcs];
        for (int l = 0; l < localVcs; l++) {
            localPort[l] = l / vcs;
            localVc[l] = l % vcs;
        }
        this.maxCandidates = maxPorts * vcClasses;

        // ---- buffers, credits, allocators
        int totalVcs = totalPorts * vcs;
        vc = new int[totalVcs << VC_SHIFT];
        candPort = new int[totalVcs * (maxCandidates - 1)];
        candMask = new long[totalVcs * (maxCandidates - 1)];
        ring = new int[totalVcs * bufferFlits * 2];
        credits = new int[totalVcs + nodes * vcs];
        Arrays.fill(credits, bufferFlits);
        owner = new int[totalVcs];
        Arrays.fill(owner, -1);
        tailWait = new boolean[totalVcs];
        vaOutPtr = new int[totalVcs];
        swVcPtr = new int[totalPorts];
        swInPtr = new int[totalPorts];
        swOutPtr = new int[totalPorts];
        rSa = R_VA + words;
        routerStride = (R_VA + 2 * words + 7) & ~7;
        rt = new long[routers * routerStride];
        for (int iv = 0; iv < totalVcs; iv++) {
            vc[(iv << VC_SHIFT) + BLOCKED_AT] = -1;
        }
        vcRouter = new int[totalVcs];
        vcLocal = new int[totalVcs];
        for (int iv = 0; iv < totalVcs; iv++) {
            int gp = iv / vcs;
            vcRouter[iv] = portRouter[gp];
            vcLocal[iv] = portLocal[gp] * vcs + iv % vcs;
        }
        activeRouters = new int[routers];
        reqIn = new int[localVcs];
        reqOut = new int[localVcs];
        vaBest = new int[localVcs];
        Arrays.fill(vaBest, -1);
        vaBestKey = new int[localVcs];
        saBest = new int[maxPorts];
        Arrays.fill(saBest, -1);
        saBestKey = new int[maxPorts];
        touched = new int[maxPorts];
        loserLocal = new int[localVcs];
        loserOut = new int[localVcs];
        ownerFlow = new int[2 * totalVcs];
        waitSince = new long[totalVcs];

        // ---- interfaces
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

        pool = new PacketPool(nodes * 4);
        view = new PacketFlyweight(pool);
        candidates = new CandidateList(maxCandidates);
        scratch = new ScratchPacket();
        lookahead = new CandidateList(maxCandidates);
        firstHopScratch = new ScratchPacket();
        firstHop = new CandidateList(maxCandidates);
        creditEvents = new EventWheel(Math.max(creditReturn, flitDelay + ejectCreditReturn) + 1);
        sendOverhead = setup.endpoint().sendOverheadCycles();
        receiveOverhead = setup.endpoint().receiveOverheadCycles();
        deliveries = new EventWheel(flitDelay + receiveOverhead + 1);
        waitingNodes = new int[nodes];
        tally = new int[credits.length];

        // ---- providers that see the model through its contexts
        this.queuing = require(setup.queuing().apply(new Queuing()), "queuing scheme instance");
        this.throttle = require(setup.throttle().apply(new Throttling()), "throttle instance");
        this.throttleActive = !throttle.inactive();
        if (throttleActive && maxPorts > Long.SIZE) {
            throw new IllegalArgumentException("a throttle needs one source queue per output port, and routers here have up to "
                    + maxPorts + " ports; throttled runs support at most " + Long.SIZE + " ports per router");
        }
        lanes = throttleActive ? maxPorts : 1;
        queues = new SourceQueues(nodes * lanes, lanes > 1);

        // ---- first generation times, each node from its own stream
        random = new SplittableRandom[nodes];
        calendar = new GenerationCalendar(nodes);
        for (int n = 0; n < nodes; n++) {
            random[n] = setup.random().stream("node", n);
            scheduleNext(n, -1);
        }
    }

    private static boolean overridesCycleEnd(NetworkObserver observer) {
        try {
            return observer.getClass().getMethod("cycleEnd", long.class).getDeclaringClass() != NetworkObserver.class;
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

    // =====================================================================================
    // NetworkModel

    @Override
    public long generated() {
        return generated;
    }

    @Override
    public long delivered() {
        return delivered;
    }

    @Override
    public long inFlight() {
        return generated - delivered;
    }

    @Override
    public long flitHops() {
        return flitHops;
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
        return contentionEvents;
    }

    @Override
    public long endpointContentionEvents() {
        return endpointContentionEvents;
    }

    @Override
    public long contentionWaitCycles() {
        return contentionWaitCycles;
    }

    @Override
    public boolean done(long cycle) {
        if (calendar.isEmpty() && generated == delivered) {
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
        if (needed < 1 || needed > vcClasses) {
            throw new IllegalArgumentException("routing '" + name + "' needs " + needed + " VC classes but this run's queuing"
                    + " scheme serves " + vcClasses + " (those of '" + routingName + "'); swap to an algorithm with at most "
                    + vcClasses + " classes or start a new run");
        }
        // packets whose route is already computed keep it; every later route computation (and
        // the queuing look-ahead) uses the new algorithm
        this.routing = replacement;
        this.routingName = name;
    }

    /** Name of the routing algorithm in use (changes with {@link #replaceRouting}). */
    public String routingName() {
        return routingName;
    }

    @Override
    public void atSafePoint(long nextCycle) {
        checkConservation();
    }

    // =====================================================================================
    // per-VC fields for cold code and tests

    int vcCount(int iv) {
        return vc[(iv << VC_SHIFT) + COUNT];
    }

    int vcHead(int iv) {
        return vc[(iv << VC_SHIFT) + HEAD];
    }

    int vcState(int iv) {
        return vc[(iv << VC_SHIFT) + STATE];
    }

    int vcOut(int iv) {
        return vc[(iv << VC_SHIFT) + OUT];
    }

    int vcOutPort(int iv) {
        return vc[(iv << VC_SHIFT) + OUT_PORT];
    }

    int vcSent(int iv) {
        return vc[(iv << VC_SHIFT) + SENT];
    }

    int candidateCount(int iv) {
        return vc[(iv << VC_SHIFT) + CAND_COUNT];
    }

    int candidatePort(int iv, int k) {
        return k == 0 ? vc[(iv << VC_SHIFT) + CAND_PORT] : candPort[iv * (maxCandidates - 1) + k - 1];
    }

    long candidateMask(int iv, int k) {
        int x = iv << VC_SHIFT;
        return k == 0 ? (vc[x + CAND_MASK_LO] & 0xFFFF_FFFFL) | ((long) vc[x + CAND_MASK_HI] << 32)
                : candMask[iv * (maxCandidates - 1) + k - 1];
    }

    /** Packet slot of the front flit of a non-empty VC. */
    int frontSlot(int iv) {
        return vc[(iv << VC_SHIFT) + FRONT_SLOT];
    }

    /** Cycle (low 32 bits) from which the front flit of a non-empty VC is visible. */
    int frontVisible(int iv) {
        return vc[(iv << VC_SHIFT) + FRONT_VIS];
    }

    int inputVcs() {
        return vcRouter.length;
    }

    // =====================================================================================
    // read-only queries (space-time charts, throttles, tests)

    /** Flits present (arrived, not yet departed) in VC {@code vc} of input port {@code inPort} of {@code router}. */
    public int bufferOccupancy(int router, int inPort, int vc) {
        return visibleFlits((portBase[router] + inPort) * vcs + vc);
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
            return bufferFlits;
        }

        @Override
        public int vcs() {
            return vcs;
        }
    };

    /** Credits {@code router} holds for VC {@code vc} of the buffer its output {@code outPort} feeds. */
    public int outputCredits(int router, int outPort, int vc) {
        return credits[(portBase[router] + outPort) * vcs + vc];
    }

    /** Packets waiting in the source queue of {@code node} (the one being injected included). */
    public int sourceQueueLength(int node) {
        return niQueued[node];
    }

    /** Packets whose head has entered the network and whose tail has not been delivered. */
    public long packetsInNetwork() {
        return inNetwork;
    }

    int visibleFlits(int iv) {
        int count = vcCount(iv);
        int nowLow = (int) now;
        int pos = vcHead(iv) + count - 1;
        if (pos >= bufferFlits) {
            pos -= bufferFlits;
        }
        // flits still on the link are the newest ones, at the back of the FIFO
        while (count > 0 && nowLow - ring[((iv * bufferFlits + pos) << 1) + 1] < 0) {
            count--;
            pos = pos == 0 ? bufferFlits - 1 : pos - 1;
        }
        return count;
    }

    // =====================================================================================
    // the cycle

    @Override
    public void cycle(long t) {
        now = t;
        int tl = (int) t;
        returnCredits(t);
        long deliveredBefore = delivered;
        deliver(t);
        if (waitingCount > 0 && delivered != deliveredBefore) {
            wakeWaiting(t);
        }
        if (throttleActive) {
            try {
                throttle.cycle(t);
            } catch (RuntimeException e) {
                throw new SimulationException("throttle '" + names.throttle() + "' threw " + e + " at cycle " + t, e);
            }
        }
        generate(t);
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
        // routers activated while this loop runs are appended and visited too (harmlessly: their
        // new flits are not visible before the next cycle)
        for (int i = 0; i < activeRouterCount; i++) {
            stepRouter(activeRouters[i], t, tl);
        }
        kept = 0;
        for (int i = 0; i < activeRouterCount; i++) {
            int r = activeRouters[i];
            int rb = r * routerStride;
            if (rt[rb + R_FLITS] > 0) {
                activeRouters[kept++] = r;
            } else {
                rt[rb + R_LISTED] = 0;
            }
        }
        activeRouterCount = kept;
        cycles++;
        if (inNetwork > 0 && t - lastMove >= deadlockCycles) {
            throw new WaitForGraph(this).deadlock(t);
        }
        if (observesCycles) {
            observer.cycleEnd(t);
        }
    }

    private void returnCredits(long t) {
        int count = creditEvents.count(t);
        if (count == 0) {
            return;
        }
        // processing a bucket adds no event (every delay is >= 1), so the array stays valid
        int[] events = creditEvents.events();
        int offset = creditEvents.offset(t);
        int[] cr = credits;
        int cap = bufferFlits;
        for (int i = 0; i < count; i++) {
            int ci = events[offset + i];
            int c = ++cr[ci];
            if (c > cap) {
                throw invariant("credit counter above capacity (" + c + " > " + cap + ") at " + creditName(ci), t);
            }
            if (ci >= niCreditBase) {
                // an NI's credit: it may have been waiting for it
                niWaiting[(ci - niCreditBase) / vcs] = false;
                continue;
            }
            if (cutThrough) {
                // a head waiting for room for its whole packet may now fit
                rt[vcRouter[ci] * routerStride + R_EPOCH]++;
            }
            if (c == 1) {
                // the owner of this output VC may have been waiting for exactly this credit
                int iv = owner[ci];
                int x = iv << VC_SHIFT;
                if (iv >= 0 && vc[x + STATE] == ACTIVE && vc[x + OUT] == ci && vc[x + COUNT] > 0) {
                    int local = vcLocal[iv];
                    rt[vcRouter[iv] * routerStride + rSa + (local >>> 6)] |= 1L << local;
                }
            }
            if (waitForTailCredit && c == cap && tailWait[ci]) {
                tailWait[ci] = false;
                owner[ci] = -1;
                rt[vcRouter[ci] * routerStride + R_EPOCH]++;
            }
        }
        creditEvents.clear(t);
    }

    private void deliver(long t) {
        int count = deliveries.count(t);
        if (count == 0) {
            return;
        }
        int[] events = deliveries.events();
        int offset = deliveries.offset(t);
        PacketPool p = pool;
        for (int i = 0; i < count; i++) {
            int slot = events[offset + i];
            if (p.state[slot] != PacketPool.IN_NETWORK || p.ejected[slot] != p.length[slot]) {
                throw invariant("packet " + p.id[slot] + " (" + p.source[slot] + " -> " + p.destination[slot]
                        + ") completed at its destination with " + p.ejected[slot] + " of " + p.length[slot]
                        + " flits ejected (state " + p.state[slot] + "): a flit was lost or delivered twice", t);
            }
            delivered++;
            inNetwork--;
            observer.packetDelivered(p.id[slot], p.source[slot], p.destination[slot], p.length[slot],
                    p.created[slot], p.injected[slot], t, p.hops[slot]);
            p.release(slot);
        }
        deliveries.clear(t);
    }

    // ---- generation

    private void generate(long t) {
        GenerationCalendar cal = calendar;
        while (!cal.isEmpty() && cal.peekCycle() <= t) {
            int n = cal.peekNode();
            long at = cal.peekCycle() - sendOverhead; // posted; ready to inject sendOverhead cycles later
            cal.removeFirst();
            int destination;
            try {
                destination = pattern.destination(n, random[n]);
            } catch (RuntimeException e) {
                throw new SimulationException("traffic pattern '" + names.traffic() + "' failed for source node " + n
                        + " at cycle " + t + ": " + e, e);
            }
            if (destination != TrafficPattern.NONE) {
                if (destination < 0 || destination >= nodes) {
                    throw new SimulationException("traffic pattern '" + names.traffic() + "' returned destination "
                            + destination + " for source node " + n + " at cycle " + t + "; nodes are 0.." + (nodes - 1));
                }
                long id = nextPacketId++;
                enqueue(n, id, destination, at);
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
        // the calendar holds the cycle the packet is ready to inject (posted + send overhead);
        // a packet beyond the end of the run is never generated; keep the node pending
        long ready = next > Long.MAX_VALUE - sendOverhead ? Long.MAX_VALUE : next + sendOverhead;
        calendar.add(Math.min(ready, Math.min(maxCycles, calendar.maxCycle())), n);
    }

    /** Asks every waiting node again (a packet was delivered in cycle {@code t}). */
    private void wakeWaiting(long t) {
        int count = waitingCount;
        waitingCount = 0;
        for (int i = 0; i < count; i++) {
            // compacted in place: a node asked adds at most one entry, at an index already read
            int n = waitingNodes[i];
            scheduleNext(n, t);
        }
    }

    private void enqueue(int n, long id, int destination, long created) {
        if (lanes == 1) {
            queues.add(n, id, created, destination, 0);
        } else {
            ScratchPacket p = firstHopScratch;
            p.set(id, n, destination, packetFlits, created);
            int port = routeFirstHop(n, p);
            queues.add(n * lanes + port, id, created, destination, firstHopMask);
        }
        niQueued[n]++;
        if (!niActive[n]) {
            niActive[n] = true;
            activeNis[activeNiCount++] = n;
        }
    }

    // ---- network interfaces

    private void inject(int n, long t, int tl) {
        if (niQueued[n] == 0 || niWaiting[n]) {
            return;
        }
        int v = niVc[n];
        int ciBase = niCreditBase + n * vcs;
        int qi = niQueue[n];
        if (v < 0) {
            boolean held = false;
            if (lanes == 1) {
                qi = n;
            } else {
                qi = admittedLane(n, t);
                held = niHeld;
                if (qi < 0) {
                    return; // every queued packet held back: ask again next cycle
                }
            }
            int slot = frontSlot(n, qi);
            long mask = niMask[n];
            if (mask == 0) {
                mask = injectionMask(n, slot);
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
                if (waitForTailCredit && cr != bufferFlits) {
                    continue;
                }
                v = c;
                break;
            }
            if (v < 0) {
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
        int gp = nodeInPort[n];
        push(gp * vcs + v, nodeRouter[n], portLocal[gp] * vcs + v, slot, tl + injectDelay, t);
        flitHops++;
        lastMove = t;
        int sent = ++niSent[n];
        if (sent == 1) {
            pool.injected[slot] = t;
            pool.state[slot] = PacketPool.IN_NETWORK;
            inNetwork++;
            observer.packetInjected(pool.id[slot], n, t);
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

    /** Set by {@link #admittedLane}: the throttle held back at least one packet older than its answer. */
    private boolean niHeld;

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
        int router = nodeRouter[n];
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
            view.slot = slot;
            long vcsOfHop = queues.frontFirstHopVcs(qi);
            while (vcsOfHop != 0) {
                int v = Long.numberOfTrailingZeros(vcsOfHop);
                vcsOfHop &= vcsOfHop - 1;
                boolean admitted;
                try {
                    admitted = throttle.admit(router, best, v, view, t);
                } catch (RuntimeException e) {
                    throw new SimulationException("throttle '" + names.throttle() + "' threw " + e + " for "
                            + packetName(slot) + " at router " + router + " at cycle " + t, e);
                }
                if (admitted) {
                    return qi;
                }
            }
            niHeld = true;
        }
    }

    /** Set by {@link #routeFirstHop}: the VCs the packet may take at its first hop. */
    private long firstHopMask;

    /**
     * The output port of the source router that packet {@code p} (a detached record, not yet in the
     * pool) takes first, by the routing's first candidate; its route is computed again at the
     * router. Sets {@link #firstHopMask} to the VCs it may take there. Called when a packet is
     * queued, only when a throttle is active.
     */
    private int routeFirstHop(int n, ScratchPacket p) {
        int r = nodeRouter[n];
        int inPort = portLocal[nodeInPort[n]];
        int np = portBase[r + 1] - portBase[r];
        CandidateList c = firstHop;
        c.clear();
        try {
            routing.route(r, inPort, p, c);
        } catch (SimulationException e) {
            throw e;
        } catch (RuntimeException e) {
            throw routingFault("threw " + e + " routing the first hop", r, inPort, packetName(p), now, e);
        }
        if (c.count == 0) {
            throw routingFault("returned no candidate output", r, inPort, packetName(p), now, null);
        }
        int port = c.port[0];
        if (port < 0 || port >= np) {
            throw routingFault("returned output port " + port + ", out of range 0.." + (np - 1), r, inPort,
                    packetName(p), now, null);
        }
        long mask;
        try {
            mask = queuing.vcMask(r, port, c.vcClass[0], p);
        } catch (SimulationException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new SimulationException("queuing scheme '" + names.queuing() + "' threw " + e + " for "
                    + packetName(p) + " at router " + r + " output port " + port + " at cycle " + now, e);
        }
        if (mask == 0 || (mask & ~allVcs) != 0) {
            throw new SimulationException("queuing scheme '" + names.queuing() + "' returned VC mask 0x"
                    + Long.toHexString(mask) + " for the first hop of " + packetName(p) + " at router " + r
                    + "; it must be non-zero and within the " + vcs + " VCs");
        }
        firstHopMask = mask;
        return port;
    }

    /**
     * The pool slot of the front packet of queue {@code qi} (node {@code n}), taken from the pool
     * the first time the packet is looked at there: queued packets are compact records until then.
     */
    private int frontSlot(int n, int qi) {
        int slot = queues.frontSlot(qi);
        if (slot < 0) {
            slot = pool.allocate(queues.frontId(qi), n, queues.frontDestination(qi), packetFlits, queues.frontCreated(qi));
            queues.frontSlot(qi, slot);
        }
        return slot;
    }

    private long injectionMask(int n, int slot) {
        view.slot = slot;
        long mask;
        try {
            mask = queuing.injectionVcMask(n, view);
        } catch (SimulationException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new SimulationException("queuing scheme '" + names.queuing() + "' failed choosing the injection VCs of "
                    + packetName(slot) + " at node " + n + ": " + e, e);
        }
        if (mask == 0 || (mask & ~allVcs) != 0) {
            throw new SimulationException("queuing scheme '" + names.queuing() + "' returned injection VC mask 0x"
                    + Long.toHexString(mask) + " for " + packetName(slot) + " at node " + n + " (router "
                    + nodeRouter[n] + "); it must be non-zero and within the " + vcs + " VCs");
        }
        return mask;
    }

    /** Appends a flit to input VC {@code iv} (local index {@code local} at router {@code r}). */
    private void push(int iv, int r, int local, int slot, int visible, long t) {
        int x = iv << VC_SHIFT;
        int count = vc[x + COUNT];
        if (count >= bufferFlits) {
            throw invariant("buffer overflow: " + count + " flits already in " + vcName(iv) + " (capacity "
                    + bufferFlits + ") when " + packetName(slot) + " arrived", t);
        }
        int pos = vc[x + HEAD] + count;
        if (pos >= bufferFlits) {
            pos -= bufferFlits;
        }
        int index = iv * bufferFlits + pos;
        ring[index << 1] = slot;
        ring[(index << 1) + 1] = visible;
        vc[x + COUNT] = count + 1;
        int rb = r * routerStride;
        rt[rb + R_FLITS]++;
        if (count == 0) {
            vc[x + FRONT_SLOT] = slot;
            vc[x + FRONT_VIS] = visible;
            if (vc[x + STATE] != ACTIVE) {
                rt[rb + R_VA + (local >>> 6)] |= 1L << local;
            } else if (credits[vc[x + OUT]] > 0) {
                rt[rb + rSa + (local >>> 6)] |= 1L << local;
            }
        }
        if (rt[rb + R_LISTED] == 0) {
            rt[rb + R_LISTED] = 1;
            activeRouters[activeRouterCount++] = r;
        }
    }

    // ---- routers

    private void stepRouter(int r, long t, int tl) {
        final int base = portBase[r];
        final int np = portBase[r + 1] - base;
        final int nvc = np * vcs;
        final int ivBase = base * vcs;
        final int w0 = r * routerStride;
        final int epoch = (int) rt[w0 + R_EPOCH];
        int requests = 0;
        // route computation and the input stage of VC allocation
        for (int w = 0; w < words; w++) {
            long bits = rt[w0 + R_VA + w];
            while (bits != 0) {
                int l = (w << 6) + Long.numberOfTrailingZeros(bits);
                bits &= bits - 1;
                int iv = ivBase + l;
                int x = iv << VC_SHIFT;
                int st = vc[x + STATE];
                if (tl - vc[x + FRONT_VIS] < 0) {
                    continue;
                }
                if (st == IDLE) {
                    vc[x + READY] = tl + routingDelay;
                    vc[x + STATE] = ROUTING;
                    st = ROUTING;
                }
                if (st == ROUTING) {
                    if (tl - vc[x + READY] < 0) {
                        continue;
                    }
                    computeRoute(r, base, np, localPort[l], iv, vc[x + FRONT_SLOT], t);
                } else if (vc[x + BLOCKED_AT] == epoch) {
                    continue;
                }
                int choice = chooseOutputVc(r, base, nvc, iv, vc[x + FRONT_SLOT], t);
                if (choice >= 0) {
                    reqIn[requests] = l;
                    reqOut[requests] = choice;
                    requests++;
                }
            }
        }
        if (requests > 0) {
            allocateVcs(w0, ivBase, nvc, requests, tl);
        }
        switchAllocation(r, base, np, nvc, ivBase, w0, t, tl);
    }

    private void computeRoute(int r, int base, int np, int inPort, int iv, int slot, long t) {
        view.slot = slot;
        CandidateList c = candidates;
        c.clear();
        try {
            routing.route(r, inPort, view, c);
        } catch (SimulationException e) {
            throw e;
        } catch (RuntimeException e) {
            throw routingFault("threw " + e, r, inPort, slot, t, e);
        }
        int n = c.count;
        if (c.overflow) {
            throw routingFault("returned more than " + maxCandidates + " candidates (ports x VC classes)", r, inPort, slot, t, null);
        }
        if (n == 0) {
            throw routingFault("returned no candidate output", r, inPort, slot, t, null);
        }
        int cb = iv * (maxCandidates - 1);
        int x = iv << VC_SHIFT;
        int destination = pool.destination[slot];
        for (int k = 0; k < n; k++) {
            int port = c.port[k];
            int vcClass = c.vcClass[k];
            if (port < 0 || port >= np) {
                throw routingFault("returned output port " + port + ", out of range 0.." + (np - 1), r, inPort, slot, t, null);
            }
            int gp = base + port;
            int target = flitTarget[gp];
            if (target == UNUSED) {
                throw routingFault("returned output port " + port + " (" + topology.portLabel(r, port)
                        + "), which is not connected", r, inPort, slot, t, null);
            }
            if (target == TERMINAL && terminalNode[gp] != destination) {
                throw routingFault("returned output port " + port + " (" + topology.portLabel(r, port)
                        + "), the terminal of node " + terminalNode[gp] + ", not of the destination", r, inPort, slot, t, null);
            }
            if (vcClass < 0 || vcClass >= vcClasses) {
                throw routingFault("returned VC class " + vcClass + " for port " + port + ", out of range 0.."
                        + (vcClasses - 1), r, inPort, slot, t, null);
            }
            long mask;
            try {
                mask = queuing.vcMask(r, port, vcClass, view);
            } catch (SimulationException e) {
                throw e;
            } catch (RuntimeException e) {
                throw new SimulationException("queuing scheme '" + names.queuing() + "' threw " + e + " for "
                        + packetName(slot) + " at router " + r + " output port " + port + " VC class " + vcClass
                        + " at cycle " + t, e);
            }
            if (mask == 0 || (mask & ~allVcs) != 0) {
                throw new SimulationException("queuing scheme '" + names.queuing() + "' returned VC mask 0x"
                        + Long.toHexString(mask) + " for " + packetName(slot) + " at router " + r + " output port " + port
                        + " (" + topology.portLabel(r, port) + ") VC class " + vcClass + " at cycle " + t
                        + "; it must be non-zero and within the " + vcs + " VCs");
            }
            if (k == 0) {
                vc[x + CAND_PORT] = port;
                vc[x + CAND_MASK_LO] = (int) mask;
                vc[x + CAND_MASK_HI] = (int) (mask >>> 32);
            } else {
                candPort[cb + k - 1] = port;
                candMask[cb + k - 1] = mask;
            }
        }
        vc[x + CAND_COUNT] = n;
        vc[x + STATE] = VC_ALLOC;
        vc[x + BLOCKED_AT] = (int) rt[r * routerStride + R_EPOCH] - 1; // a new head is never considered blocked
    }

    /**
     * Input stage of VC allocation for the head at input VC {@code iv}: the free downstream VC of
     * the earliest candidate, round robin from the VC's pointer. Returns the local output VC index
     * or -1.
     */
    private int chooseOutputVc(int r, int base, int nvc, int iv, int slot, long t) {
        int length = pool.length[slot];
        int x = iv << VC_SHIFT;
        int cc = vc[x + CAND_COUNT];
        int cb = iv * (maxCandidates - 1);
        int ptr = vc[x + VA_PTR];
        long bestKey = Long.MAX_VALUE;
        int best = -1;
        for (int k = 0; k < cc; k++) {
            int port;
            long mask;
            if (k == 0) {
                port = vc[x + CAND_PORT];
                mask = (vc[x + CAND_MASK_LO] & 0xFFFF_FFFFL) | ((long) vc[x + CAND_MASK_HI] << 32);
            } else {
                port = candPort[cb + k - 1];
                mask = candMask[cb + k - 1];
            }
            int ovBase = (base + port) * vcs;
            while (mask != 0) {
                int v = Long.numberOfTrailingZeros(mask);
                mask &= mask - 1;
                int ov = ovBase + v;
                if (owner[ov] >= 0 || (cutThrough && credits[ov] < length)) {
                    continue;
                }
                int lo = port * vcs + v;
                int d = lo - ptr;
                if (d < 0) {
                    d += nvc;
                }
                long key = (long) k * nvc + d;
                if (key < bestKey) {
                    bestKey = key;
                    best = lo;
                }
            }
        }
        if (best < 0) {
            // every candidate taken: wait for a release here
            vc[x + BLOCKED_AT] = (int) rt[r * routerStride + R_EPOCH];
            if (vc[x + CONTENTION] != C_WAITING) {
                noteHeldByOtherFlow(base, iv, slot, t);
            }
        }
        return best;
    }

    /** Output stage of VC allocation: each requested output VC grants one input VC, round robin. */
    private void allocateVcs(int w0, int ivBase, int nvc, int requests, int tl) {
        for (int j = 0; j < requests; j++) {
            int lo = reqOut[j];
            int d = reqIn[j] - vaOutPtr[ivBase + lo];
            if (d < 0) {
                d += nvc;
            }
            if (vaBest[lo] < 0 || d < vaBestKey[lo]) {
                vaBest[lo] = j;
                vaBestKey[lo] = d;
            }
        }
        for (int j = 0; j < requests; j++) {
            int lo = reqOut[j];
            if (vaBest[lo] != j) {
                int loser = ivBase + reqIn[j];
                if (otherFlow(loser, ivBase + reqIn[vaBest[lo]])) {
                    noteContention(loser, flitTarget[(ivBase + lo) / vcs] == TERMINAL, now);
                }
                continue;
            }
            int li = reqIn[j];
            int iv = ivBase + li;
            int ov = ivBase + lo;
            owner[ov] = iv;
            int x = iv << VC_SHIFT;
            int granted = vc[x + FRONT_SLOT];
            ownerFlow[ov << 1] = pool.source[granted];
            ownerFlow[(ov << 1) + 1] = pool.destination[granted];
            if (vc[x + CONTENTION] == C_WAITING) {
                contentionWaitCycles += now - waitSince[iv];
                vc[x + CONTENTION] = C_COUNTED;
            }
            vc[x + STATE] = ACTIVE;
            vc[x + OUT] = ov;
            vc[x + OUT_PORT] = localPort[lo];
            vc[x + READY] = tl + vcAllocDelay;
            vc[x + VA_PTR] = lo + 1 == nvc ? 0 : lo + 1;
            vaOutPtr[ov] = li + 1 == nvc ? 0 : li + 1;
            int word = w0 + (li >>> 6);
            rt[word + R_VA] &= ~(1L << li);
            if (credits[ov] > 0) {
                rt[word + rSa] |= 1L << li;
            }
        }
        for (int j = 0; j < requests; j++) {
            vaBest[reqOut[j]] = -1;
        }
    }

    private void switchAllocation(int r, int base, int np, int nvc, int ivBase, int w0, long t, int tl) {
        touchedCount = 0;
        int currentPort = -1;
        int bestLocal = -1;
        int bestOut = -1;
        int bestKey = Integer.MAX_VALUE;
        for (int w = 0; w < words; w++) {
            long bits = rt[w0 + rSa + w];
            while (bits != 0) {
                int l = (w << 6) + Long.numberOfTrailingZeros(bits);
                bits &= bits - 1;
                int iv = ivBase + l;
                int x = iv << VC_SHIFT;
                if (tl - vc[x + READY] < 0 || tl - vc[x + FRONT_VIS] < 0) {
                    continue;
                }
                int o = vc[x + OUT_PORT];
                if (voq) {
                    offer(base, o, l, l, nvc);
                    continue;
                }
                int p = localPort[l];
                if (p != currentPort) {
                    if (bestLocal >= 0) {
                        offer(base, bestOut, currentPort, bestLocal, np);
                    }
                    currentPort = p;
                    bestLocal = -1;
                    bestKey = Integer.MAX_VALUE;
                }
                int gp = base + p;
                int dOut = o - swInPtr[gp];
                if (dOut < 0) {
                    dOut += np;
                }
                int dVc = localVc[l] - swVcPtr[gp];
                if (dVc < 0) {
                    dVc += vcs;
                }
                int key = dOut * vcs + dVc;
                if (key < bestKey) {
                    bestKey = key;
                    bestLocal = l;
                    bestOut = o;
                }
            }
        }
        if (!voq && bestLocal >= 0) {
            offer(base, bestOut, currentPort, bestLocal, np);
        }
        int n = touchedCount;
        if (loserCount > 0) {
            noteSwitchLosses(base, ivBase, t);
        }
        for (int i = 0; i < n; i++) {
            int o = touched[i];
            int l = saBest[o];
            saBest[o] = -1;
            traverse(r, base, np, nvc, ivBase, l, o, t, tl);
        }
    }

    /** Output stage of switch allocation: input {@code input} (port, or VC with VOQ) bids for output {@code o}. */
    private void offer(int base, int o, int input, int local, int inputs) {
        int d = input - swOutPtr[base + o];
        if (d < 0) {
            d += inputs;
        }
        int current = saBest[o];
        if (current < 0) {
            touched[touchedCount++] = o;
            saBest[o] = local;
            saBestKey[o] = d;
        } else if (d < saBestKey[o]) {
            loserLocal[loserCount] = current;
            loserOut[loserCount++] = o;
            saBest[o] = local;
            saBestKey[o] = d;
        } else {
            loserLocal[loserCount] = local;
            loserOut[loserCount++] = o;
        }
    }

    /** Moves the front flit of local input VC {@code l} through output port {@code o}. */
    private void traverse(int r, int base, int np, int nvc, int ivBase, int l, int o, long t, int tl) {
        final int b = bufferFlits;
        int iv = ivBase + l;
        int p = localPort[l];
        int v = localVc[l];
        int gpIn = base + p;
        int x = iv << VC_SHIFT;
        int slot = vc[x + FRONT_SLOT];
        if (vc[x + CONTENTION] == C_WAITING) {
            // the end of a switch-allocation loss to another flow
            contentionWaitCycles += t - waitSince[iv];
            vc[x + CONTENTION] = C_COUNTED;
        }
        int h = vc[x + HEAD] + 1;
        if (h == b) {
            h = 0;
        }
        vc[x + HEAD] = h;
        int remaining = --vc[x + COUNT];
        if (remaining > 0) {
            int next = (iv * b + h) << 1;
            vc[x + FRONT_SLOT] = ring[next];
            vc[x + FRONT_VIS] = ring[next + 1];
        }
        int rb = r * routerStride;
        rt[rb + R_FLITS]--;
        int ov = vc[x + OUT];
        int left = --credits[ov];
        if (left < 0) {
            throw invariant("credit counter below zero at " + creditName(ov) + " after " + packetName(slot) + " left", t);
        }
        creditEvents.add(t + creditReturn, creditTarget[gpIn] + v);
        int sent = ++vc[x + SENT];
        int length = pool.length[slot];
        int gpOut = base + o;
        int target = flitTarget[gpOut];
        if (target >= 0) {
            int ovc = ov - gpOut * vcs;
            push(target + ovc, flitTargetRouter[gpOut], flitTargetLocal[gpOut] + ovc, slot, tl + flitDelay, t);
            if (sent == 1 && ++pool.hops[slot] > hopLimit) {
                throw new SimulationException("livelock: " + packetName(slot) + " has crossed " + pool.hops[slot]
                        + " router-to-router links (limit " + hopLimit + ") and is at router " + r + " leaving through "
                        + topology.portLabel(r, o) + " at cycle " + t + "; routing '" + routingName
                        + "' does not bring it to its destination");
            }
        } else {
            int node = terminalNode[gpOut];
            if (pool.destination[slot] != node) {
                throw invariant(packetName(slot) + " ejected at node " + node + " (router " + r + " port " + o
                        + "), not its destination; routing '" + routingName + "'", t);
            }
            if (++pool.ejected[slot] > length) {
                throw invariant("more flits than the packet has reached the destination of " + packetName(slot), t);
            }
            long arrival = t + flitDelay;
            creditEvents.add(arrival + ejectCreditReturn, ov);
            if (sent == length) {
                deliveries.add(arrival + receiveOverhead, slot);
            }
        }
        flitHops++;
        lastMove = t;
        int word = rb + (l >>> 6);
        if (sent == length) {
            vc[x + STATE] = IDLE;
            vc[x + SENT] = 0;
            vc[x + CONTENTION] = 0;
            rt[word + rSa] &= ~(1L << l);
            if (remaining > 0) {
                rt[word + R_VA] |= 1L << l;
            }
            if (waitForTailCredit) {
                tailWait[ov] = true;
            } else {
                owner[ov] = -1;
                rt[rb + R_EPOCH]++;
            }
        } else if (remaining == 0 || left == 0) {
            rt[word + rSa] &= ~(1L << l);
        }
        swVcPtr[gpIn] = v + 1 == vcs ? 0 : v + 1;
        swInPtr[gpIn] = o + 1 == np ? 0 : o + 1;
        if (voq) {
            swOutPtr[gpOut] = l + 1 == nvc ? 0 : l + 1;
        } else {
            swOutPtr[gpOut] = p + 1 == np ? 0 : p + 1;
        }
    }

    // =====================================================================================
    // contention counting (cold: only when a head is refused)

    /** True when the front packets of input VCs {@code a} and {@code b} belong to different flows. */
    private boolean otherFlow(int a, int b) {
        int sa = vc[(a << VC_SHIFT) + FRONT_SLOT];
        int sb = vc[(b << VC_SHIFT) + FRONT_SLOT];
        return pool.source[sa] != pool.source[sb] || pool.destination[sa] != pool.destination[sb];
    }

    /**
     * The head at input VC {@code iv} found every candidate output VC taken: a contention event
     * when one of them is owned by another flow (not when all are merely short of credits).
     */
    private void noteHeldByOtherFlow(int base, int iv, int slot, long t) {
        int x = iv << VC_SHIFT;
        int cc = vc[x + CAND_COUNT];
        int cb = iv * (maxCandidates - 1);
        int source = pool.source[slot];
        int destination = pool.destination[slot];
        for (int k = 0; k < cc; k++) {
            int port;
            long mask;
            if (k == 0) {
                port = vc[x + CAND_PORT];
                mask = (vc[x + CAND_MASK_LO] & 0xFFFF_FFFFL) | ((long) vc[x + CAND_MASK_HI] << 32);
            } else {
                port = candPort[cb + k - 1];
                mask = candMask[cb + k - 1];
            }
            int ovBase = (base + port) * vcs;
            while (mask != 0) {
                int ov = ovBase + Long.numberOfTrailingZeros(mask);
                mask &= mask - 1;
                if (owner[ov] >= 0 && (ownerFlow[ov << 1] != source || ownerFlow[(ov << 1) + 1] != destination)) {
                    noteContention(iv, flitTarget[base + port] == TERMINAL, t);
                    return;
                }
            }
        }
    }

    /** Switch allocation of one router: requests that lost their output port to another flow's flit. */
    private void noteSwitchLosses(int base, int ivBase, long t) {
        for (int i = 0; i < loserCount; i++) {
            int l = loserLocal[i];
            int o = loserOut[i];
            if (otherFlow(ivBase + l, ivBase + saBest[o])) {
                noteContention(ivBase + l, flitTarget[base + o] == TERMINAL, t);
            }
        }
        loserCount = 0;
    }

    /** Input VC {@code iv}'s front packet waits for another flow from cycle {@code t} (if not already). */
    private void noteContention(int iv, boolean terminal, long t) {
        int x = (iv << VC_SHIFT) + CONTENTION;
        int state = vc[x];
        if (state == C_WAITING) {
            return;
        }
        if (state == 0) {
            if (terminal) {
                endpointContentionEvents++;
            } else {
                contentionEvents++;
            }
        }
        vc[x] = C_WAITING;
        waitSince[iv] = t;
    }

    // =====================================================================================
    // safe-point invariants

    /**
     * Credits held + credits returning + flits buffered or on the link = capacity, on every link and
     * VC; the allocation masks agree with the VC states; every live packet is accounted for.
     */
    void checkConservation() {
        Arrays.fill(tally, 0);
        creditEvents.tally(tally);
        int totalPorts = portBase[routers];
        for (int gp = 0; gp < totalPorts; gp++) {
            int target = flitTarget[gp];
            if (target == UNUSED) {
                continue;
            }
            for (int v = 0; v < vcs; v++) {
                int ov = gp * vcs + v;
                int buffered = target >= 0 ? vcCount(target + v) : 0;
                int total = credits[ov] + tally[ov] + buffered;
                if (total != bufferFlits) {
                    throw invariant("credit conservation broken at " + creditName(ov) + ": " + credits[ov] + " credits + "
                            + tally[ov] + " returning + " + buffered + " flits buffered != "
                            + bufferFlits, now);
                }
            }
        }
        for (int n = 0; n < nodes; n++) {
            for (int v = 0; v < vcs; v++) {
                int ci = niCreditBase + n * vcs + v;
                int buffered = vcCount(nodeInPort[n] * vcs + v);
                if (credits[ci] + tally[ci] + buffered != bufferFlits) {
                    throw invariant("credit conservation broken at " + creditName(ci) + ": " + credits[ci] + " credits + "
                            + tally[ci] + " returning + " + buffered + " flits buffered != " + bufferFlits, now);
                }
            }
        }
        for (int iv = 0; iv < vcRouter.length; iv++) {
            int word = vcRouter[iv] * routerStride + (vcLocal[iv] >>> 6);
            long bit = 1L << vcLocal[iv];
            boolean active = vcState(iv) == ACTIVE;
            boolean wantsVa = !active && vcCount(iv) > 0;
            boolean wantsSa = active && vcCount(iv) > 0 && credits[vcOut(iv)] > 0;
            if (((rt[word + R_VA] & bit) != 0) != wantsVa || ((rt[word + rSa] & bit) != 0) != wantsSa) {
                throw invariant("allocation masks out of step with " + vcName(iv) + " (state " + vcState(iv) + ", "
                        + vcCount(iv) + " flits)", now);
            }
        }
        long held = pool.live() + queues.records() - queues.materialized();
        if (held != generated - delivered) {
            throw invariant(held + " packets held (" + pool.live() + " in the pool, " + queues.records()
                    + " queued of which " + queues.materialized() + " pooled) but " + (generated - delivered)
                    + " generated and not delivered", now);
        }
    }

    // =====================================================================================
    // names for messages (cold)

    String packetName(int slot) {
        return "packet " + pool.id[slot] + " (source " + pool.source[slot] + ", destination " + pool.destination[slot] + ")";
    }

    private static String packetName(PacketView p) {
        return "packet " + p.id() + " (source " + p.source() + ", destination " + p.destination() + ")";
    }

    /** The channel feeding input VC {@code iv}, e.g. {@code r3.x+ vc0} or {@code n5.inj vc1}. */
    String vcName(int iv) {
        int gp = iv / vcs;
        int v = iv % vcs;
        int node = terminalNode[gp];
        if (node >= 0) {
            return "n" + node + ".inj vc" + v;
        }
        int peer = peerPort[gp];
        if (peer < 0) {
            return "r" + portRouter[gp] + ".p" + portLocal[gp] + " vc" + v;
        }
        return "r" + portRouter[peer] + "." + topology.portLabel(portRouter[peer], portLocal[peer]) + " vc" + v;
    }

    /** The output VC or NI credit counter {@code ci}, e.g. {@code r3.x+ vc0}. */
    String creditName(int ci) {
        if (ci >= niCreditBase) {
            int n = (ci - niCreditBase) / vcs;
            return "n" + n + ".inj vc" + ((ci - niCreditBase) % vcs);
        }
        int gp = ci / vcs;
        return "r" + portRouter[gp] + "." + topology.portLabel(portRouter[gp], portLocal[gp]) + " vc" + (ci % vcs);
    }

    private SimulationException routingFault(String what, int r, int inPort, int slot, long t, Throwable cause) {
        return routingFault(what, r, inPort, packetName(slot), t, cause);
    }

    private SimulationException routingFault(String what, int r, int inPort, String packet, long t, Throwable cause) {
        String message = "routing '" + routingName + "' " + what + " at router " + r + " for " + packet
                + ", which entered through port " + inPort + " (" + topology.portLabel(r, inPort) + "), at cycle " + t;
        return cause == null ? new SimulationException(message) : new SimulationException(message, cause);
    }

    private SimulationException invariant(String what, long t) {
        return new SimulationException("network invariant violated at cycle " + t + ": " + what + " (routing '"
                + routingName + "', queuing '" + names.queuing() + "')");
    }

    // =====================================================================================
    // contexts offered to the queuing scheme and the throttle

    private final class Queuing implements QueuingContext {
        @Override
        public Topology topology() {
            return topology;
        }

        @Override
        public int vcs() {
            return vcs;
        }

        @Override
        public int vcClasses() {
            return vcClasses;
        }

        @Override
        public int nextHopPort(int router, int outPort, PacketView packet) {
            if (router < 0 || router >= routers || outPort < 0 || outPort >= portBase[router + 1] - portBase[router]) {
                throw new IllegalArgumentException("nextHopPort: router " + router + " port " + outPort
                        + " does not exist in " + topology.describe());
            }
            int gp = portBase[router] + outPort;
            int peer = peerPort[gp];
            if (peer < 0) {
                return -1;
            }
            return lookAhead(portRouter[peer], portLocal[peer], packet);
        }

        @Override
        public int firstHopPort(int node, PacketView packet) {
            if (node < 0 || node >= nodes) {
                throw new IllegalArgumentException("firstHopPort: node " + node + " does not exist in " + topology.describe());
            }
            return lookAhead(nodeRouter[node], portLocal[nodeInPort[node]], packet);
        }

        private int lookAhead(int router, int inPort, PacketView packet) {
            scratch.copy(packet);
            lookahead.clear();
            try {
                routing.route(router, inPort, scratch, lookahead);
            } catch (RuntimeException e) {
                throw new SimulationException("routing '" + routingName + "' threw " + e + " in a look-ahead at router "
                        + router + " (input port " + inPort + ") for packet " + packet.id() + " (source " + packet.source()
                        + ", destination " + packet.destination() + ") asked by queuing scheme '" + names.queuing() + "'", e);
            }
            return lookahead.count > 0 ? lookahead.port[0] : -1;
        }
    }

    private final class Throttling implements ThrottleContext {
        @Override
        public Topology topology() {
            return topology;
        }

        @Override
        public int vcs() {
            return vcs;
        }

        @Override
        public int bufferFlits() {
            return bufferFlits;
        }

        @Override
        public int freeFlits(int router, int outPort, int vc) {
            return credits[(portBase[router] + outPort) * vcs + vc];
        }

        @Override
        public int inputFreeFlits(int router, int inPort, int vc) {
            return bufferFlits - visibleFlits((portBase[router] + inPort) * vcs + vc);
        }

        /** The credit counters of the router outputs are laid out as the API asks. */
        @Override
        public void freeFlitsAtMost(int margin, boolean[] into) {
            int[] cr = credits;
            for (int ov = 0, n = portBase[routers] * vcs; ov < n; ov++) {
                into[ov] = cr[ov] <= margin;
            }
        }

        /**
         * Flits still on the link are counted in a VC but not yet visible, so a VC holding fewer
         * than {@code bufferFlits - margin} flits has more than {@code margin} free whatever their
         * arrival times, and a router holding fewer flits in all its VCs together (R_FLITS) has no
         * such VC: only the VCs of fuller routers are looked at, and only the fuller VCs counted.
         */
        @Override
        public void inputFreeFlitsAtMost(int margin, boolean[] into) {
            int capacity = bufferFlits;
            int full = capacity - margin;
            int n = portBase[routers] * vcs;
            if (full <= 0) { // even an empty buffer has at most the margin free
                Arrays.fill(into, 0, n, true);
                return;
            }
            Arrays.fill(into, 0, n, false);
            int[] state = vc;
            long[] router = rt;
            for (int r = 0; r < routers; r++) {
                if (router[r * routerStride + R_FLITS] < full) {
                    continue;
                }
                for (int iv = portBase[r] * vcs, end = portBase[r + 1] * vcs; iv < end; iv++) {
                    if (state[(iv << VC_SHIFT) + COUNT] >= full && capacity - visibleFlits(iv) <= margin) {
                        into[iv] = true;
                    }
                }
            }
        }
    }
}
