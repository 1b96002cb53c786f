package org.fabrica.routing.graph;

import org.fabrica.routing.RoutingAlgorithm;
import org.fabrica.routing.RoutingFactory;
import org.fabrica.topology.Topology;
import org.osgi.service.component.annotations.Component;

/** {@code min-hop}: shortest-path forwarding tables on any topology ({@link MinHopTables}). */
@Component(service = RoutingFactory.class, property = {
        "fabrica.name=min-hop",
        "fabrica.description=Shortest paths per destination on any topology, as a subnet manager's min-hop forwarding"
                + " tables (ties balanced or lowest port; cyclic dependencies refused or hop-indexed VC classes)"})
public final class MinHopFactory implements RoutingFactory<MinHopParameters> {
    @Override
    public Class<MinHopParameters> parameterType() {
        return MinHopParameters.class;
    }

    @Override
    public RoutingAlgorithm create(Topology topology, MinHopParameters parameters) {
        int[] port = MinHopTables.compute(topology, parameters.ties(), "min-hop");
        ForwardingTables.Origin origin = new ForwardingTables.Origin() {
            @Override
            public String name() {
                return "min-hop on " + topology.describe();
            }

            @Override
            public String where(int router, int destination) {
                return null;
            }
        };
        return new TableRouting(ForwardingTables.check(topology, port, origin, parameters.deadlock()));
    }
}
