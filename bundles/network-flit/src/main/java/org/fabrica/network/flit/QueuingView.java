package org.fabrica.network.flit;

import org.fabrica.queuing.QueuingContext;
import org.fabrica.routing.PacketView;
import org.fabrica.topology.Topology;

/** What the queuing scheme sees of the network: its size and look-ahead routes. */
final class QueuingView implements QueuingContext {
    private final Wiring wiring;
    private final RouteStage route;

    QueuingView(Wiring wiring, RouteStage route) {
        this.wiring = wiring;
        this.route = route;
    }

    @Override
    public Topology topology() {
        return wiring.topology;
    }

    @Override
    public int vcs() {
        return wiring.vcs;
    }

    @Override
    public int vcClasses() {
        return route.vcClasses;
    }

    @Override
    public int nextHopPort(int router, int outPort, PacketView packet) {
        if (router < 0 || router >= wiring.routers || outPort < 0 || outPort >= wiring.ports(router)) {
            throw new IllegalArgumentException("nextHopPort: router " + router + " port " + outPort
                    + " does not exist in " + wiring.topology.describe());
        }
        int peer = wiring.peerPort[wiring.portBase[router] + outPort];
        if (peer < 0) {
            return -1;
        }
        return route.lookAhead(wiring.portRouter[peer], wiring.portLocal[peer], packet);
    }

    @Override
    public int firstHopPort(int node, PacketView packet) {
        if (node < 0 || node >= wiring.nodes) {
            throw new IllegalArgumentException("firstHopPort: node " + node + " does not exist in "
                    + wiring.topology.describe());
        }
        return route.lookAhead(wiring.nodeRouter[node], wiring.portLocal[wiring.nodeInPort[node]], packet);
    }
}
