package org.fabrica.traffic.schedule;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Supplier;
import org.fabrica.scheduler.Demands;
import org.fabrica.scheduler.Plan;
import org.fabrica.scheduler.Route;
import org.fabrica.scheduler.ScheduledTransfer;
import org.fabrica.scheduler.Scheduler;
import org.fabrica.scheduler.SizeUnit;
import org.fabrica.scheduler.Transfer;
import org.fabrica.stats.Metric;
import org.fabrica.traffic.TrafficPattern;

/**
 * Routes a circuit scheduler planned for a point's traffic (docs/studies/levelwise.md, "Beyond the
 * paper"): the point's pattern tabulated into one flow per source ({@link #tabulate}), the flows
 * handed to the scheduler as one request each, in source order ({@link #demands}), and the granted
 * transfers' routes (upper port per level) written in the route text format of the
 * {@code source-route} routing, {@code src dst p0 p1 ...}, one flow per line ({@link #plan}). Flows
 * the scheduler did not grant have no route. Not on the hot path: this runs once when a point is built.
 *
 * <p>A scheme asks for it with its routing's key {@value #FROM}, naming the scheduler, e.g.
 * {@code {name: source-route, fallback: dmodk, from: levelwise}}: the routing must take the plan in
 * its {@value #ROUTES} parameter ({@link #unusableRouting}); flows without a planned route take
 * the routing's fallback. A point reports {@link #metrics()} (since 1.2).
 *
 * @param destinations destination of each source node, or {@link TrafficPattern#NONE}
 * @param plan the scheduler's plan of the flows, in source order
 * @param routes the granted routes in the route text format, one flow per line
 * @param flows number of flows (sources with a destination)
 * @param granted number of flows the scheduler granted (routed on their planned route)
 */
public record PlannedRoutes(int[] destinations, Plan plan, String routes, int flows, int granted) {
    /** Key of the scheduler in a routing choice. Since 1.2. */
    public static final String FROM = "from";
    /** Parameter of the routing that receives the plan's routes. Since 1.2. */
    public static final String ROUTES = "routes";
    /** Metric names of a point's planned routes. Since 1.2. */
    public static final String FLOWS = "routes.flows";
    public static final String GRANTED = "routes.granted";
    public static final String FALLBACK = "routes.fallbackFlows";
    /** Independent draws used to tell a fixed-destination pattern from a random one. */
    private static final int PROBES = 3;

    /** Flows without a planned route (a routing gives them its fallback). */
    public int fallbackFlows() {
        return flows - granted;
    }

    /** The metrics of a point's planned routes: {@value #FLOWS}, {@value #GRANTED}, {@value #FALLBACK}. Since 1.2. */
    public List<Metric> metrics() {
        return List.of(
                new Metric(FLOWS, flows, "flows", "flows of the pattern (sources with a destination), each a "
                        + "request to the scheduler"),
                new Metric(GRANTED, granted, "flows", "flows the scheduler granted, routed on its planned route"),
                new Metric(FALLBACK, fallbackFlows(), "flows", "flows the scheduler did not grant, routed by the "
                        + "routing's fallback"));
    }

    /**
     * Whether a routing can take a scheduler's routes: it has a {@value #ROUTES} parameter and the
     * file does not also give one. Checked at validation. Since 1.2.
     *
     * @param path the routing's place in the file, e.g. {@code schemes[0].routing}
     * @param routing the routing provider's name
     * @param parameters the names of the routing's parameters
     * @param givenRoutes the {@value #ROUTES} the file gives, or null
     * @return null when fine, else the problem in one sentence
     */
    public static String unusableRouting(String path, String routing, List<String> parameters, Object givenRoutes) {
        if (!parameters.contains(ROUTES)) {
            return path + ": routing '" + routing + "' takes no routes, so a scheduler's plan cannot drive it; use "
                    + "'from' with a routing that has a 'routes' parameter, such as "
                    + "{name: source-route, fallback: dmodk, from: levelwise}";
        }
        if (givenRoutes != null && !givenRoutes.toString().isBlank()) { // a resolved file writes the empty default back
            return path + ": give either 'routes' or 'from' (routes planned by a scheduler), not both";
        }
        return null;
    }

    /**
     * Each source's destination under a pattern, or an error when the pattern does not give each
     * source one fixed destination. {@code fresh} must create a new instance of the point's pattern
     * each call (so tabulating does not touch the instance the network uses).
     *
     * @throws IllegalArgumentException naming the first source with several destinations
     */
    public static int[] tabulate(Supplier<TrafficPattern> fresh, int nodes, String patternName) {
        TrafficPattern pattern = fresh.get();
        int[] destinations = new int[nodes];
        for (int s = 0; s < nodes; s++) {
            int d = pattern.destination(s, new SplittableRandom(0x5EED + s));
            for (int k = 1; k < PROBES; k++) {
                int again = pattern.destination(s, new SplittableRandom(0x5EED + s + 7919L * k));
                if (again != d) {
                    throw new IllegalArgumentException("routes from a scheduler need a pattern that sends each node "
                            + "to one fixed destination (a permutation such as randperm, permutation, bitcomp or "
                            + "transpose), but '" + patternName + "' sent node " + s + " to " + d + " and to " + again
                            + "; use a permutation pattern, or a routing without 'from'");
                }
            }
            if (d != TrafficPattern.NONE && (d < 0 || d >= nodes)) {
                throw new IllegalArgumentException("pattern '" + patternName + "' sends node " + s + " to " + d
                        + ", outside 0.." + (nodes - 1));
            }
            destinations[s] = d == s ? TrafficPattern.NONE : d;
        }
        return destinations;
    }

    /** The scheduler's demands: one request of one packet per flow, in source order. */
    public static Demands demands(int[] destinations) {
        List<Transfer> transfers = new ArrayList<>();
        for (int s = 0; s < destinations.length; s++) {
            if (destinations[s] != TrafficPattern.NONE) {
                transfers.add(new Transfer(s, destinations[s], 1));
            }
        }
        return Demands.of(transfers, SizeUnit.PACKETS);
    }

    /**
     * Plans the flows of a tabulated pattern with a scheduler and writes the granted routes.
     *
     * @throws IllegalStateException when the plan grants a transfer without a route (a scheduler
     *         that leaves routing to the network cannot give source routes)
     */
    public static PlannedRoutes plan(Scheduler scheduler, String schedulerName, int[] destinations) {
        Demands demands = demands(destinations);
        Plan plan = scheduler.plan(demands);
        StringBuilder text = new StringBuilder();
        int granted = 0;
        for (ScheduledTransfer t : plan.transfers()) {
            if (!plan.outcomes().get(t.request()).granted()) {
                continue;
            }
            Route route = t.route().orElseThrow(() -> new IllegalStateException("scheduler '" + schedulerName
                    + "' granted flow " + t.source() + " -> " + t.destination() + " without a route, so its plan "
                    + "cannot give source routes; use a circuit scheduler such as levelwise"));
            text.append(t.source()).append(' ').append(t.destination());
            for (int p : route.upPorts()) {
                text.append(' ').append(p);
            }
            text.append('\n');
            granted++;
        }
        return new PlannedRoutes(destinations.clone(), plan, text.toString(), demands.transfers().size(), granted);
    }
}
