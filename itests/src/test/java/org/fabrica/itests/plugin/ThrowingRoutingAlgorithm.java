package org.fabrica.itests.plugin;

import org.fabrica.routing.PacketView;
import org.fabrica.routing.RouteCandidates;
import org.fabrica.routing.RoutingAlgorithm;

/** Fails the first route computation it is asked for. */
public class ThrowingRoutingAlgorithm implements RoutingAlgorithm {
    @Override
    public void route(int router, int inPort, PacketView packet, RouteCandidates out) {
        throw new IllegalStateException("itest-faulty routing refuses packet " + packet.id() + " at router " + router);
    }

    @Override
    public int vcClasses() {
        return 1;
    }
}
