package org.fabrica.testing;

import org.fabrica.topology.Topology;

/**
 * A topology that answers every question as {@code delegate} does; a test overrides the one answer
 * it changes (a broken link, a router kind, ...).
 */
public abstract class ForwardingTopology implements Topology {
    protected final Topology delegate;

    protected ForwardingTopology(Topology delegate) {
        this.delegate = delegate;
    }

    @Override
    public int nodes() {
        return delegate.nodes();
    }

    @Override
    public int routers() {
        return delegate.routers();
    }

    @Override
    public int ports(int router) {
        return delegate.ports(router);
    }

    @Override
    public int neighbor(int router, int port) {
        return delegate.neighbor(router, port);
    }

    @Override
    public int neighborPort(int router, int port) {
        return delegate.neighborPort(router, port);
    }

    @Override
    public int terminal(int router, int port) {
        return delegate.terminal(router, port);
    }

    @Override
    public int nodeRouter(int node) {
        return delegate.nodeRouter(node);
    }

    @Override
    public int nodePort(int node) {
        return delegate.nodePort(node);
    }

    @Override
    public String portLabel(int router, int port) {
        return delegate.portLabel(router, port);
    }

    @Override
    public String routerKind(int router) {
        return delegate.routerKind(router);
    }

    @Override
    public String describe() {
        return delegate.describe();
    }
}
