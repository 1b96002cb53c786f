package org.fabrica.routing.graph;

import org.fabrica.routing.PacketView;
import org.fabrica.routing.RouteCandidates;
import org.fabrica.routing.RoutingAlgorithm;

/** Routing by checked forwarding tables: one output per router and destination, a table look-up per hop. */
final class TableRouting implements RoutingAlgorithm {
    private final ForwardingTables tables;

    TableRouting(ForwardingTables tables) {
        this.tables = tables;
    }

    @Override
    public void route(int router, int inPort, PacketView packet, RouteCandidates out) {
        int d = packet.destination();
        out.add(tables.port(router, d), tables.vcClass(router, d));
    }

    @Override
    public int vcClasses() {
        return tables.classes();
    }
}
