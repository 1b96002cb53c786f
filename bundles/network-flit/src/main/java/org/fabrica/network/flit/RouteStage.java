package org.fabrica.network.flit;

import org.fabrica.kernel.SimulationException;
import org.fabrica.network.ProviderNames;
import org.fabrica.network.parts.ServiceLevels;
import org.fabrica.queuing.QueuingScheme;
import org.fabrica.routing.PacketView;
import org.fabrica.routing.RoutingAlgorithm;

/**
 * Route computation: asks the routing algorithm for the candidate outputs of a head, in order of
 * preference, checks them (port in range and connected, a terminal port only toward the
 * destination, VC class in range) and turns each into a mask of allowed downstream VCs through
 * the queuing scheme. The candidates are kept with the input VC's front packet until it has an
 * output VC. Also the look-ahead routes that queuing schemes and throttles ask for, which do not
 * change the packet's routing state.
 *
 * <p>The routing algorithm can be replaced between cycles ({@link #replace}); packets whose route
 * is already computed keep it.
 */
final class RouteStage {
    final int vcClasses;
    final int maxCandidates;
    private final int vcs;
    /** The queuing scheme's numbers: VCs, or service levels mapped to VCs. */
    private final ServiceLevels levels;
    private final Wiring wiring;
    private final InputBuffers inputs;
    private final VcStates states;
    private final ActiveRouters routers;
    private final PacketPool pool;
    private final ProviderNames names;
    private final Progress clock;
    private final PacketFlyweight view;
    private final CandidateList candidates;
    private final ScratchPacket scratch;
    private final CandidateList lookahead;
    private final CandidateList firstHop;
    private QueuingScheme queuing;
    /** The collective engine's side, or null: it routes collective packets. */
    private CollectiveUnit collectives;
    RoutingAlgorithm routing;
    String routingName;
    /** Outputs send whole packets (OutputInterleaving.PACKETS): multi-output routes only for one-flit packets. */
    boolean wholePackets;
    /** Set by {@link #firstHop}: the VCs the packet may take at its first hop. */
    long firstHopMask;
    /** Wormhole flow control: the routing's atomic classes are honoured ({@link #honourAtomicClasses}). */
    private boolean wormhole;
    /** Per VC class: it needs atomic VC allocation (the routing says so, under wormhole); null for none. */
    private boolean[] atomic;
    /** The candidates' classes, recorded for the arrival class; null unless the routing reads it. */
    private int[] classes;

    RouteStage(RoutingAlgorithm routing, String routingName, Wiring wiring, InputBuffers inputs, ActiveRouters routers,
            PacketPool pool, ProviderNames names, Progress clock, int vcClasses, int maxCandidates,
            ServiceLevels levels) {
        this.clock = clock;
        this.routing = routing;
        this.routingName = routingName;
        this.vcClasses = vcClasses;
        this.maxCandidates = maxCandidates;
        this.vcs = wiring.vcs;
        this.levels = levels;
        this.wiring = wiring;
        this.inputs = inputs;
        this.states = inputs.states;
        this.routers = routers;
        this.pool = pool;
        this.names = names;
        this.view = new PacketFlyweight(pool);
        this.candidates = new CandidateList(maxCandidates);
        this.scratch = new ScratchPacket();
        this.lookahead = new CandidateList(maxCandidates);
        this.firstHop = new CandidateList(maxCandidates);
    }

    /**
     * VOQ buffers: routes the head of packet {@code slot} arriving in input VC {@code iv} of router
     * {@code r} and returns the output port whose queue it joins: the routing's first candidate
     * (the packet is queued by it, so later alternatives are not considered; an adaptive routing
     * decides here). Its VC class is kept with the packet for VC allocation at the front.
     */
    int arrival(int r, int iv, int slot) {
        int base = wiring.portBase[r];
        int np = wiring.portBase[r + 1] - base;
        int inPort = wiring.portLocal[iv / vcs];
        long t = checksNow();
        PacketFlyweight packet = view;
        packet.slot = slot;
        CandidateList c = candidates;
        c.clear();
        try {
            routing.route(r, inPort, packet, c);
        } catch (SimulationException e) {
            throw e;
        } catch (RuntimeException e) {
            throw fault("threw " + e, r, inPort, slot, t, e);
        }
        if (c.count == 0) {
            throw fault("returned no candidate output", r, inPort, slot, t, null);
        }
        if (c.branches) {
            throw fault("returned a multi-output route, which VOQ input buffers cannot hold (a packet sits in the queue"
                    + " of one output); use FIFO buffers (another crossbar organisation)", r, inPort, slot, t, null);
        }
        int port = checkedPort(c.port[0], c.vcClass[0], r, base, np, inPort, slot, t, false);
        pool.hopClass[slot] = c.vcClass[0];
        return port;
    }

    /** VOQ buffers: the front head of queue {@code q}, routed on arrival to local output {@code port}, may now take a VC. */
    void fromArrival(int r, int port, int q, int slot, long t) {
        PacketFlyweight packet = view;
        packet.slot = slot;
        long mask = vcMask(r, port, pool.hopClass[slot], packet, t);
        int[] vc = inputs.vc;
        int x = q << InputBuffers.VC_SHIFT;
        vc[x + VcStates.CAND_PORT] = port;
        vc[x + VcStates.CAND_MASK_LO] = (int) mask;
        vc[x + VcStates.CAND_MASK_HI] = (int) (mask >>> 32);
        vc[x + VcStates.CAND_COUNT] = 1;
        boolean[] flags = states.candAtomic;
        if (flags != null) {
            flags[q * states.candidateStride] = atomic != null && atomic[pool.hopClass[slot]];
        }
        if (classes != null) {
            classes[q * states.candidateStride] = pool.hopClass[slot];
        }
        vc[x + VcStates.STATE] = VcStates.VC_ALLOC;
        vc[x + VcStates.BLOCKED_AT] = routers.epoch(r) - 1;
    }

    private long checksNow() {
        return clock.now;
    }

    /** Checks one candidate: port in range and connected, a terminal port only toward the destination, class in range. */
    private int checkedPort(int port, int vcClass, int r, int base, int np, int inPort, int slot, long t, boolean branch) {
        if (port < 0 || port >= np) {
            throw fault("returned output port " + port + ", out of range 0.." + (np - 1), r, inPort, slot, t, null);
        }
        int gp = base + port;
        int target = wiring.flitTarget[gp];
        if (target == Wiring.UNUSED) {
            throw fault("returned output port " + port + " (" + wiring.portLabel(r, port)
                    + "), which is not connected", r, inPort, slot, t, null);
        }
        if (target == Wiring.TERMINAL && !branch && wiring.terminalNode[gp] != pool.destination[slot]) {
            throw fault("returned output port " + port + " (" + wiring.portLabel(r, port)
                    + "), the terminal of node " + wiring.terminalNode[gp] + ", not of the destination", r, inPort,
                    slot, t, null);
        }
        if (vcClass < 0 || vcClass >= vcClasses) {
            throw fault("returned VC class " + vcClass + " for port " + port + ", out of range 0.."
                    + (vcClasses - 1), r, inPort, slot, t, null);
        }
        return port;
    }

    void collectives(CollectiveUnit unit) {
        this.collectives = unit;
    }

    /** The queuing scheme is created after the network (it sees the network through its context). */
    void queuing(QueuingScheme scheme) {
        this.queuing = scheme;
    }

    void replace(RoutingAlgorithm replacement, String name) {
        this.routing = replacement;
        this.routingName = name;
        readAtomicClasses();
    }

    /**
     * Under wormhole flow control ({@code wormhole}) the classes the routing declares with
     * {@link RoutingAlgorithm#atomicVcAllocation} are marked on every candidate from now on, and a
     * VC granted on one is released only when its buffer drained ({@link OutputUnits#drainRelease});
     * under virtual cut-through they are not needed (a granted packet has room for all its flits).
     */
    void honourAtomicClasses(boolean wormhole) {
        this.wormhole = wormhole;
        readAtomicClasses();
    }

    private void readAtomicClasses() {
        boolean[] declared = null;
        if (wormhole) {
            for (int c = 0, n = routing.vcClasses(); c < n; c++) {
                if (routing.atomicVcAllocation(c)) {
                    if (declared == null) {
                        declared = new boolean[vcClasses];
                    }
                    declared[c] = true;
                }
            }
        }
        if (declared != null) {
            states.enableAtomic();
        }
        this.atomic = declared;
        boolean recording = states.candClass != null;
        states.recordClasses(routing.readsArrivalClass());
        this.classes = states.candClass;
        if (classes != null && !recording) {
            // VCs granted while no class was recorded: unknown, as at a packet's source router
            java.util.Arrays.fill(pool.arrivalClass, -1);
        }
    }

    /** True when the routing in use has a class that needs atomic VC allocation and the network honours it. */
    boolean atomicClasses() {
        return atomic != null;
    }

    /**
     * Computes the route of the front head of input VC {@code iv} (packet {@code slot}), which
     * entered router {@code r} through {@code inPort}, and leaves it in state VC_ALLOC with its
     * candidates stored; a collective packet is routed by the collective engine instead, and
     * true is returned when the router absorbs it (the caller then takes it out, {@link CollectiveUnit#absorb}).
     */
    boolean compute(int r, int base, int np, int inPort, int iv, int slot, long t) {
        PacketFlyweight packet = view;
        packet.slot = slot;
        CandidateList c = candidates;
        c.clear();
        if (pool.packetClass[slot] != 0) {
            if (collectives.atRouter(r, inPort, slot, t, c)) {
                return true;
            }
        } else {
            try {
                routing.route(r, inPort, packet, c);
            } catch (SimulationException e) {
                throw e;
            } catch (RuntimeException e) {
                throw fault("threw " + e, r, inPort, slot, t, e);
            }
        }
        int n = c.count;
        if (c.overflow) {
            throw fault("returned more than " + maxCandidates + " candidates (ports x VC classes)", r, inPort, slot, t, null);
        }
        if (n == 0) {
            throw fault("returned no candidate output", r, inPort, slot, t, null);
        }
        if (c.mixed) {
            throw fault("mixed alternatives (add) and branches (addBranch) in one route", r, inPort, slot, t, null);
        }
        boolean branches = c.branches;
        if (branches && wholePackets && pool.length[slot] > 1) {
            // a one-flit packet (a barrier's) holds no output, so it may branch; a longer one would hold them all
            throw fault("returned a multi-output route for a packet of " + pool.length[slot] + " flits, which outputs"
                    + " that send whole packets take only for one-flit packets (a longer packet crossing to several"
                    + " outputs would hold them all); use outputs that interleave flits", r, inPort, slot, t, null);
        }
        if (branches) {
            for (int a = 0; a < n; a++) {
                for (int b = a + 1; b < n; b++) {
                    if (c.port[a] == c.port[b]) {
                        throw fault("returned output port " + c.port[a] + " twice in one multi-output route", r, inPort,
                                slot, t, null);
                    }
                }
            }
        }
        int[] vc = inputs.vc;
        int cb = iv * (maxCandidates - 1);
        int x = iv << InputBuffers.VC_SHIFT;
        boolean[] atomicClass = atomic;
        boolean[] flags = states.candAtomic; // non-null once a routing of the run declared an atomic class
        int[] recorded = classes;
        if (recorded != null && branches) {
            throw fault("returned a multi-output route, but it reads arrival classes, which the flit model records"
                    + " for unicast routes only", r, inPort, slot, t, null);
        }
        int fb = iv * states.candidateStride;
        for (int k = 0; k < n; k++) {
            int port = checkedPort(c.port[k], c.vcClass[k], r, base, np, inPort, slot, t, branches);
            int vcClass = c.vcClass[k];
            long mask = vcMask(r, port, vcClass, packet, t);
            if (k == 0) {
                vc[x + VcStates.CAND_PORT] = port;
                vc[x + VcStates.CAND_MASK_LO] = (int) mask;
                vc[x + VcStates.CAND_MASK_HI] = (int) (mask >>> 32);
            } else {
                states.candPort[cb + k - 1] = port;
                states.candMask[cb + k - 1] = mask;
            }
            if (flags != null) {
                flags[fb + k] = atomicClass != null && atomicClass[vcClass];
            }
            if (recorded != null) {
                recorded[fb + k] = vcClass;
            }
        }
        // a negative count marks the branches of a multi-output route
        vc[x + VcStates.CAND_COUNT] = branches ? -n : n;
        vc[x + VcStates.STATE] = VcStates.VC_ALLOC;
        vc[x + VcStates.BLOCKED_AT] = routers.epoch(r) - 1; // a new head is never considered blocked
        return false;
    }

    private long vcMask(int r, int port, int vcClass, PacketView packet, long t) {
        long mask;
        try {
            mask = queuing.vcMask(r, port, vcClass, packet);
        } catch (SimulationException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new SimulationException("queuing scheme '" + names.queuing() + "' threw " + e + " for "
                    + packetName(packet) + " at router " + r + " output port " + port + " VC class " + vcClass
                    + " at cycle " + t, e);
        }
        if (mask == 0 || (mask & ~levels.all) != 0) {
            throw new SimulationException("queuing scheme '" + names.queuing() + "' returned VC mask 0x"
                    + Long.toHexString(mask) + " for " + packetName(packet) + " at router " + r + " output port " + port
                    + " (" + wiring.portLabel(r, port) + ") VC class " + vcClass + " at cycle " + t
                    + "; it must be non-zero and within " + levels.describe());
        }
        return levels.vcs(mask);
    }

    /**
     * The output port of the source router that packet {@code p} (a detached record, not yet in the
     * pool) takes first, by the routing's first candidate; its route is computed again at the
     * router. Sets {@link #firstHopMask} to the VCs it may take there. Called when a packet is
     * queued, only when a throttle is active.
     */
    int firstHop(int n, ScratchPacket p, long now) {
        int r = wiring.nodeRouter[n];
        int inPort = wiring.portLocal[wiring.nodeInPort[n]];
        int np = wiring.ports(r);
        CandidateList c = firstHop;
        c.clear();
        try {
            routing.route(r, inPort, p, c);
        } catch (SimulationException e) {
            throw e;
        } catch (RuntimeException e) {
            throw fault("threw " + e + " routing the first hop", r, inPort, packetName(p), now, e);
        }
        if (c.count == 0) {
            throw fault("returned no candidate output", r, inPort, packetName(p), now, null);
        }
        int port = c.port[0];
        if (port < 0 || port >= np) {
            throw fault("returned output port " + port + ", out of range 0.." + (np - 1), r, inPort, packetName(p), now,
                    null);
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
        if (mask == 0 || (mask & ~levels.all) != 0) {
            throw new SimulationException("queuing scheme '" + names.queuing() + "' returned VC mask 0x"
                    + Long.toHexString(mask) + " for the first hop of " + packetName(p) + " at router " + r
                    + "; it must be non-zero and within " + levels.describe());
        }
        firstHopMask = levels.vcs(mask);
        return port;
    }

    /**
     * Look-ahead for a queuing scheme: the first candidate port of {@code packet} at {@code router}
     * (entered through {@code inPort}), computed on a copy so its routing state is unchanged.
     */
    int lookAhead(int router, int inPort, PacketView packet) {
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

    /** The injection VCs of the packet in {@code slot} at node {@code n}, checked. */
    long injectionMask(int n, int slot) {
        PacketFlyweight packet = view;
        packet.slot = slot;
        return injectionMask(n, packet);
    }

    /** The injection VCs of {@code packet} (pooled or a detached record) at node {@code n}, checked. */
    long injectionMask(int n, PacketView packet) {
        long mask;
        try {
            mask = queuing.injectionVcMask(n, packet);
        } catch (SimulationException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new SimulationException("queuing scheme '" + names.queuing() + "' failed choosing the injection VCs of "
                    + packetName(packet) + " at node " + n + ": " + e, e);
        }
        if (mask == 0 || (mask & ~levels.all) != 0) {
            throw new SimulationException("queuing scheme '" + names.queuing() + "' returned injection VC mask 0x"
                    + Long.toHexString(mask) + " for " + packetName(packet) + " at node " + n + " (router "
                    + wiring.nodeRouter[n] + "); it must be non-zero and within " + levels.describe());
        }
        return levels.vcs(mask);
    }

    /**
     * True when the queuing scheme chooses virtual networks (overrides
     * {@code QueuingScheme.virtualNetwork}); otherwise every packet stays in network 0 and the call
     * is skipped.
     */
    boolean choosesVirtualNetworks() {
        return FlitNetwork.overrides(queuing, QueuingScheme.class, "virtualNetwork", int.class, PacketView.class);
    }

    /** The virtual network the queuing scheme chooses for {@code packet} at node {@code n}, checked. */
    int virtualNetwork(int n, PacketView packet) {
        int network;
        try {
            network = queuing.virtualNetwork(n, packet);
        } catch (SimulationException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new SimulationException("queuing scheme '" + names.queuing() + "' failed choosing the virtual network"
                    + " of " + packetName(packet) + " at node " + n + ": " + e, e);
        }
        if (network < 0 || network >= vcs) {
            throw new SimulationException("queuing scheme '" + names.queuing() + "' chose virtual network " + network
                    + " for " + packetName(packet) + " at node " + n + "; a virtual network is 0 .. " + (vcs - 1)
                    + " (at most one per VC)");
        }
        return network;
    }

    /** The reused view of the packet in {@code slot}. */
    PacketFlyweight view(int slot) {
        view.slot = slot;
        return view;
    }

    SimulationException fault(String what, int r, int inPort, int slot, long t, Throwable cause) {
        return fault(what, r, inPort, pool.name(slot), t, cause);
    }

    private SimulationException fault(String what, int r, int inPort, String packet, long t, Throwable cause) {
        String message = "routing '" + routingName + "' " + what + " at router " + r + " for " + packet
                + ", which entered through port " + inPort + " (" + wiring.portLabel(r, inPort) + "), at cycle " + t;
        return cause == null ? new SimulationException(message) : new SimulationException(message, cause);
    }

    static String packetName(PacketView p) {
        return "packet " + p.id() + " (source " + p.source() + ", destination " + p.destination() + ")";
    }
}
