package org.fabrica.network.packet;

import org.fabrica.kernel.SimulationException;
import org.fabrica.network.ProviderNames;
import org.fabrica.network.parts.ServiceLevels;
import org.fabrica.queuing.QueuingContext;
import org.fabrica.queuing.QueuingScheme;
import org.fabrica.routing.PacketView;
import org.fabrica.routing.RouteCandidates;
import org.fabrica.routing.RoutingAlgorithm;
import org.fabrica.topology.Topology;

/**
 * Route computation: the routing algorithm's candidates for a head, turned into masks of
 * downstream VCs by the queuing scheme, each answer checked; and what the queuing scheme may ask
 * of the network ({@link QueuingContext}): look-aheads on a detached header, and the occupancy of
 * a downstream buffer by the credits its output holds.
 */
final class RouteComputation implements QueuingContext {
    private final Wiring w;
    private final PacketPool pool;
    private final CreditCounters credits;
    private final ProviderNames names;
    RoutingAlgorithm routing;
    String routingName;
    QueuingScheme queuing;
    final int vcClasses;
    final int maxCandidates;
    /** The scheme's numbers: VCs, or service levels mapped to VCs. */
    final ServiceLevels levels;
    /** The clock, for occupancy reads. */
    long now;
    /** The transmit-wait counters the scheme may read. */
    TransmitWait waits;
    private final Collector collector;
    private final PacketPool.Detached scratch = new PacketPool.Detached();
    private final Collector lookahead;

    RouteComputation(Wiring w, PacketPool pool, CreditCounters credits, ProviderNames names, RoutingAlgorithm routing,
            String routingName, int vcClasses, ServiceLevels levels) {
        this.w = w;
        this.pool = pool;
        this.credits = credits;
        this.names = names;
        this.routing = routing;
        this.routingName = routingName;
        this.vcClasses = vcClasses;
        this.maxCandidates = w.maxPorts * vcClasses;
        this.levels = levels;
        this.collector = new Collector(maxCandidates);
        this.lookahead = new Collector(maxCandidates);
    }

    void queuing(QueuingScheme scheme) {
        this.queuing = scheme;
    }

    boolean choosesNetworks() {
        try {
            return queuing.getClass().getMethod("virtualNetwork", int.class, PacketView.class)
                    .getDeclaringClass() != QueuingScheme.class;
        } catch (NoSuchMethodException e) {
            return true;
        }
    }

    /**
     * Routes the packet in {@code slot} at router {@code r}, entered through local port
     * {@code inPort}: writes the candidate ports and VC masks at {@code base} of the arrays and
     * returns their count.
     */
    int route(int r, int inPort, int slot, int[] ports, long[] masks, int base, long t) {
        Collector c = candidates(r, inPort, slot, t);
        PacketPool.View p = pool.view(slot);
        for (int k = 0; k < c.count; k++) {
            ports[base + k] = c.port[k];
            masks[base + k] = mask(r, c.port[k], c.cls[k], p, slot);
        }
        return c.count;
    }

    /**
     * VOQ crossbars: routes the head of the packet in {@code slot} as it arrives at router
     * {@code r} through local port {@code inPort} and returns the output whose queue it joins, the
     * routing's first candidate (an adaptive routing decides here, as in the flit model); the
     * candidate's VC class is kept with the packet for {@link #queueMask} at the queue's front.
     */
    int arrival(int r, int inPort, int slot, long t) {
        Collector c = candidates(r, inPort, slot, t);
        pool.hopClass(slot, c.cls[0]);
        return c.port[0];
    }

    /** VOQ crossbars: the VCs of output {@code port} the head in {@code slot}, routed on arrival, may take. */
    long queueMask(int r, int port, int slot) {
        return mask(r, port, pool.hopClass(slot), pool.view(slot), slot);
    }

    /** The routing's checked candidates for the packet in {@code slot} at router {@code r}. */
    private Collector candidates(int r, int inPort, int slot, long t) {
        PacketPool.View p = pool.view(slot);
        Collector c = collector;
        c.clear();
        try {
            routing.route(r, inPort, p, c);
        } catch (SimulationException e) {
            throw e;
        } catch (UnsupportedOperationException e) {
            throw new SimulationException("routing '" + routingName + "' gave " + pool.name(slot) + " a multi-output"
                    + " route at router " + r + " at cycle " + t + ": the packet model takes no multi-output routes"
                    + " (hardware multicast); use network: {name: flit}", e);
        } catch (RuntimeException e) {
            throw new SimulationException("routing '" + routingName + "' failed for " + pool.name(slot) + " at router " + r
                    + " (in port " + inPort + ") at cycle " + t + ": " + e, e);
        }
        if (c.count == 0) {
            throw new SimulationException("routing '" + routingName + "' returned no candidate for " + pool.name(slot)
                    + " at router " + r + " at cycle " + t);
        }
        int ports0 = w.ports(r);
        for (int k = 0; k < c.count; k++) {
            int port = c.port[k];
            int cls = c.cls[k];
            if (port < 0 || port >= ports0 || w.peerPort[w.portBase[r] + port] == Wiring.UNUSED) {
                throw new SimulationException("routing '" + routingName + "' chose port " + port + " for "
                        + pool.name(slot) + " at router " + r + " at cycle " + t + ", which "
                        + (port < 0 || port >= ports0 ? "does not exist (ports 0.." + (ports0 - 1) + ")" : "is not connected"));
            }
            if (cls < 0 || cls >= vcClasses) {
                throw new SimulationException("routing '" + routingName + "' chose VC class " + cls + " for "
                        + pool.name(slot) + " at router " + r + "; it declares " + vcClasses + " classes");
            }
        }
        return c;
    }

    /** The queuing scheme's VCs of {@code port} for VC class {@code cls}, checked. */
    private long mask(int r, int port, int cls, PacketPool.View p, int slot) {
        long mask;
        try {
            mask = queuing.vcMask(r, port, cls, p);
        } catch (SimulationException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new SimulationException("queuing scheme '" + names.queuing() + "' failed for " + pool.name(slot)
                    + " at router " + r + " port " + port + ": " + e, e);
        }
        if (mask == 0 || (mask & ~levels.all) != 0) {
            throw new SimulationException("queuing scheme '" + names.queuing() + "' returned VC mask 0x"
                    + Long.toHexString(mask) + " for " + pool.name(slot) + " at router " + r + " port " + port
                    + "; it must be non-zero and within " + levels.describe());
        }
        return levels.vcs(mask);
    }

    /** The injection VCs of a packet at node {@code n}, checked. */
    long injectionMask(int n, PacketView packet) {
        long mask;
        try {
            mask = queuing.injectionVcMask(n, packet);
        } catch (SimulationException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new SimulationException("queuing scheme '" + names.queuing() + "' failed choosing the injection VCs of"
                    + " packet " + packet.id() + " at node " + n + ": " + e, e);
        }
        if (mask == 0 || (mask & ~levels.all) != 0) {
            throw new SimulationException("queuing scheme '" + names.queuing() + "' returned injection VC mask 0x"
                    + Long.toHexString(mask) + " for packet " + packet.id() + " at node " + n
                    + "; it must be non-zero and within " + levels.describe());
        }
        return levels.vcs(mask);
    }

    /** The virtual network the queuing scheme chooses for a packet of node {@code n}. */
    int virtualNetwork(int n, PacketView packet) {
        try {
            return queuing.virtualNetwork(n, packet);
        } catch (SimulationException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new SimulationException("queuing scheme '" + names.queuing() + "' failed choosing the virtual network"
                    + " of packet " + packet.id() + " at node " + n + ": " + e, e);
        }
    }

    // ---- QueuingContext

    @Override
    public Topology topology() {
        return w.topology;
    }

    @Override
    public int vcs() {
        return levels.count;
    }

    @Override
    public int vcClasses() {
        return vcClasses;
    }

    @Override
    public int nextHopPort(int router, int outPort, PacketView packet) {
        int gp = w.portBase[router] + outPort;
        int peer = w.peerPort[gp];
        if (peer < 0) {
            return -1;
        }
        int next = w.portRouter[peer];
        return firstCandidate(next, peer - w.portBase[next], packet);
    }

    @Override
    public int firstHopPort(int node, PacketView packet) {
        int gp = w.nodeInPort[node];
        int r = w.portRouter[gp];
        return firstCandidate(r, gp - w.portBase[r], packet);
    }

    private int firstCandidate(int r, int inPort, PacketView packet) {
        PacketPool.Detached d = scratch.set(packet.id(), packet.source(), packet.destination(), packet.length(),
                packet.created(), packet.routingState(), packet.virtualNetwork());
        Collector c = lookahead;
        c.clear();
        try {
            routing.route(r, inPort, d, c);
        } catch (RuntimeException e) {
            throw new SimulationException("routing '" + routingName + "' failed a look-ahead for packet " + packet.id()
                    + " at router " + r + ": " + e, e);
        }
        if (c.count == 0) {
            throw new SimulationException("routing '" + routingName + "' returned no candidate for packet " + packet.id()
                    + " at router " + r + " (a look-ahead)");
        }
        return c.port[0];
    }

    @Override
    public int downstreamFlits(int router, int outPort, int vc) {
        checkOutputVc("downstreamFlits", router, outPort, vc);
        int ov = (w.portBase[router] + outPort) * w.vcs + levels.vc(vc);
        return credits.capacity(ov) - credits.credits(ov, now);
    }

    @Override
    public long transmitWait(int router, int outPort, int vc) {
        checkOutputVc("transmitWait", router, outPort, vc);
        return waits.read(router, outPort, levels.vc(vc), now);
    }

    /** A scheme named an output VC: refuse one that does not exist, naming the method it called. */
    private void checkOutputVc(String method, int router, int outPort, int vc) {
        if (router < 0 || router >= w.routers || outPort < 0 || outPort >= w.ports(router) || vc < 0
                || vc >= levels.count) {
            throw new IllegalArgumentException(method + ": router " + router + " port " + outPort + " VC " + vc
                    + " does not exist in " + w.topology.describe() + " with " + levels.describe());
        }
    }

    @Override
    public String vcFunction(int vc) {
        if (vc < 0 || vc >= levels.count) {
            throw new IllegalArgumentException("vcFunction: VC " + vc + " does not exist; the scheme chooses among "
                    + levels.describe());
        }
        return w.description[0].channels().get(levels.vc(vc)).function();
    }

    /** Candidates of one route computation. */
    static final class Collector implements RouteCandidates {
        final int[] port;
        final int[] cls;
        int count;

        Collector(int capacity) {
            port = new int[capacity];
            cls = new int[capacity];
        }

        void clear() {
            count = 0;
        }

        @Override
        public void add(int outPort, int vcClass) {
            if (count == port.length) {
                throw new SimulationException("a routing algorithm gave more than " + port.length
                        + " candidates (ports x VC classes) in one route computation");
            }
            port[count] = outPort;
            cls[count] = vcClass;
            count++;
        }
    }
}
