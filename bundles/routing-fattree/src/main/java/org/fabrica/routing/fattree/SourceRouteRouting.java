package org.fabrica.routing.fattree;

import org.fabrica.routing.PacketView;
import org.fabrica.topology.TreeTopology;

/**
 * Routes each flow on its explicit source route (a {@link SourceRoutes} table: the upper port per
 * level, as a circuit scheduler such as the level-wise one of docs/studies/levelwise.md chooses
 * them). A climbing packet takes P_h at level h while h < L, then descends on the forced path.
 * A flow without a route is routed by the fallback algorithm, or fails its run with a message naming
 * the flow when there is none.
 */
final class SourceRouteRouting extends UpDownRouting {
    private final SourceRoutes routes;
    private final UpDownRouting fallback;

    /** @param fallback routing for flows without a route, or null to fail them */
    SourceRouteRouting(String name, TreeTopology tree, SourceRoutes routes, UpDownRouting fallback) {
        super(name, tree);
        this.routes = routes;
        this.fallback = fallback;
    }

    @Override
    int upPort(int level, boolean below, PacketView packet) {
        int slot = routes.find(packet.source(), packet.destination());
        if (slot < 0) {
            if (fallback == null) {
                throw new IllegalStateException(name + ": no source route for flow " + packet.source() + " -> "
                        + packet.destination() + " (packet " + packet.id() + ") and fallback is 'fail'; add the flow"
                        + " to the routes or choose a fallback routing");
            }
            return fallback.upPort(level, below, packet);
        }
        return level < routes.length(slot) ? routes.port(slot, level) : TURN_DOWN;
    }

    @Override
    public boolean deterministic() {
        return fallback == null || fallback.deterministic();
    }
}
