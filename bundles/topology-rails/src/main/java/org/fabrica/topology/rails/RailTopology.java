package org.fabrica.topology.rails;

import org.fabrica.topology.Topology;

/**
 * A multi-rail network ({@code topology.rails}, docs/user-guide.md, "Multi-rail networks"): m
 * identical, independent planes of a topology, and one interface router per end node with a port
 * to each plane. Plane p's router r is router {@code p * R + r} (R = the topology's routers), with
 * the topology's ports; where the topology attaches node n, the plane's port leads instead to port
 * p of node n's interface, router {@code m * R + n}, of kind {@link Topology#INTERFACE}. The
 * interface's port m is the node's (terminal) port. Links between a plane and an interface are
 * router links (the hardware's link timing), the interface's node port a terminal link.
 */
public final class RailTopology implements Topology {
    private final Topology base;
    private final int planes;
    private final int planeRouters;

    /**
     * @param base the topology each plane copies
     * @param planes the number of planes, at least 1
     */
    public RailTopology(Topology base, int planes) {
        if (planes < 1) {
            throw new IllegalArgumentException("rails = " + planes + "; use >= 1");
        }
        this.base = base;
        this.planes = planes;
        this.planeRouters = base.routers();
    }

    /** The topology each plane copies. */
    public Topology base() {
        return base;
    }

    /** Number of planes. */
    public int planes() {
        return planes;
    }

    /** Routers per plane (the topology's). */
    public int planeRouters() {
        return planeRouters;
    }

    private boolean isInterface(int router) {
        return router >= planes * planeRouters;
    }

    @Override
    public int nodes() {
        return base.nodes();
    }

    @Override
    public int routers() {
        return planes * planeRouters + base.nodes();
    }

    @Override
    public int ports(int router) {
        return isInterface(router) ? planes + 1 : base.ports(router % planeRouters);
    }

    @Override
    public int neighbor(int router, int port) {
        if (isInterface(router)) {
            int n = router - planes * planeRouters;
            return port < planes ? port * planeRouters + base.nodeRouter(n) : -1;
        }
        int p = router / planeRouters;
        int r = router % planeRouters;
        int next = base.neighbor(r, port);
        if (next >= 0) {
            return p * planeRouters + next;
        }
        int node = base.terminal(r, port);
        return node >= 0 ? planes * planeRouters + node : -1;
    }

    @Override
    public int neighborPort(int router, int port) {
        if (isInterface(router)) {
            int n = router - planes * planeRouters;
            return port < planes ? base.nodePort(n) : -1;
        }
        int r = router % planeRouters;
        int next = base.neighbor(r, port);
        if (next >= 0) {
            return base.neighborPort(r, port);
        }
        return base.terminal(r, port) >= 0 ? router / planeRouters : -1;
    }

    @Override
    public int terminal(int router, int port) {
        return isInterface(router) && port == planes ? router - planes * planeRouters : -1;
    }

    @Override
    public int nodeRouter(int node) {
        return planes * planeRouters + node;
    }

    @Override
    public int nodePort(int node) {
        return planes;
    }

    @Override
    public String portLabel(int router, int port) {
        if (isInterface(router)) {
            return port < planes ? "rail " + port : "node";
        }
        return base.portLabel(router % planeRouters, port);
    }

    @Override
    public String routerKind(int router) {
        return isInterface(router) ? INTERFACE : base.routerKind(router % planeRouters);
    }

    @Override
    public String describe() {
        return base.describe() + ", " + planes + " rails";
    }
}
