package org.fabrica.testing;

import java.util.ArrayList;
import java.util.List;
import org.fabrica.routing.RoutingAlgorithm;
import org.fabrica.topology.Topology;

/**
 * Follows a deterministic routing algorithm's single candidate hop by hop, from a source node to
 * a destination node, on the topology's graph. At every router it checks what the network model
 * relies on: exactly one candidate, and asking again (the model's look-ahead and retries do) gives
 * the same port and class and leaves the packet's routing state as the first answer left it.
 * Failures are {@link AssertionError}s naming the router and the pair.
 */
public final class RouteWalk {
    private RouteWalk() {
    }

    /** Further checks of one hop, run after the walk's own (the packet holds the state the hop left). */
    @FunctionalInterface
    public interface HopCheck {
        /**
         * @param router the router the hop leaves
         * @param inPort the port the packet entered it through (its terminal port at the source)
         * @param packet the walked packet
         * @param hop the hop the algorithm chose
         * @param stateBefore the packet's routing state before the algorithm routed it here
         */
        void check(int router, int inPort, TestPacket packet, Hop hop, int stateBefore);
    }

    /** The hops from {@code source} to {@code destination}, the final ejection hop included. */
    public static List<Hop> walk(RoutingAlgorithm algorithm, Topology topology, int source, int destination, long id) {
        return walk(algorithm, topology, source, destination, id, (router, inPort, packet, hop, stateBefore) -> {
        });
    }

    /**
     * The hops from {@code source} to {@code destination}, the final ejection hop included, with
     * {@code check} run at every hop. A walk longer than 4 hops per router fails (the routing loops).
     */
    public static List<Hop> walk(RoutingAlgorithm algorithm, Topology topology, int source, int destination, long id,
            HopCheck check) {
        TestPacket packet = new TestPacket(id, source, destination);
        CandidateRecorder c = new CandidateRecorder();
        List<Hop> hops = new ArrayList<>();
        int router = topology.nodeRouter(source);
        int inPort = topology.nodePort(source);
        for (int guard = 0; guard < 4 * topology.routers(); guard++) {
            String where = " at router " + router + " for " + source + " -> " + destination + " (packet " + id + ") on "
                    + topology.describe();
            int stateBefore = packet.routingState();
            algorithm.route(router, inPort, packet, c.reset());
            if (c.count() != 1) {
                throw new AssertionError("one candidate expected, " + c.count() + " given" + where);
            }
            Hop hop = new Hop(router, c.port(), c.vcClass());
            int stateAfter = packet.routingState();
            // asked again at the same router (look-ahead, retry): same answer, same state
            algorithm.route(router, inPort, packet, c.reset());
            if (c.count() != 1 || c.port() != hop.port() || c.vcClass() != hop.vcClass()) {
                throw new AssertionError("asked again, the routing answered " + c.count() + " candidate(s), first port "
                        + c.port() + " class " + c.vcClass() + " instead of port " + hop.port() + " class " + hop.vcClass()
                        + where);
            }
            if (packet.routingState() != stateAfter) {
                throw new AssertionError("asked again, the routing changed the routing state from " + stateAfter + " to "
                        + packet.routingState() + where);
            }
            check.check(router, inPort, packet, hop, stateBefore);
            hops.add(hop);
            if (topology.terminal(router, hop.port()) == destination) {
                return hops;
            }
            int next = topology.neighbor(router, hop.port());
            if (next < 0) {
                throw new AssertionError("port " + hop.port() + " of router " + router + " leads nowhere" + where);
            }
            inPort = topology.neighborPort(router, hop.port());
            router = next;
        }
        throw new AssertionError("no arrival from " + source + " to " + destination + " within " + 4 * topology.routers()
                + " hops on " + topology.describe() + ": " + hops);
    }
}
