package org.fabrica.queuing.basic;

import org.fabrica.queuing.QueuingContext;
import org.fabrica.routing.PacketView;
import org.fabrica.topology.Topology;

/**
 * A queuing context for tests: the look-ahead answers come from a rule given by the test
 * (next port = f(router, outPort, destination)).
 */
final class FakeQueuingContext implements QueuingContext {
    interface NextHop {
        int port(int router, int outPort, int destination);
    }

    private final Topology topology;
    private final int vcs;
    private final int vcClasses;
    private final NextHop nextHop;
    private final NextHop firstHop;
    int lookAheads;
    /** Per VC its function; null: the interface's default (data). */
    String[] functions;

    FakeQueuingContext(Topology topology, int vcs, int vcClasses, NextHop nextHop, NextHop firstHop) {
        this.topology = topology;
        this.vcs = vcs;
        this.vcClasses = vcClasses;
        this.nextHop = nextHop;
        this.firstHop = firstHop;
    }

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
        lookAheads++;
        return nextHop.port(router, outPort, packet.destination());
    }

    @Override
    public int firstHopPort(int node, PacketView packet) {
        return firstHop.port(node, -1, packet.destination());
    }

    @Override
    public String vcFunction(int vc) {
        return functions == null ? QueuingContext.super.vcFunction(vc) : functions[vc];
    }
}
