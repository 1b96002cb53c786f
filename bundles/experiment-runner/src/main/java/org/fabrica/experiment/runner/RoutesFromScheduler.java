package org.fabrica.experiment.runner;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.fabrica.experiment.file.ProviderChoice;
import org.fabrica.experiment.report.SteadySummary;
import org.fabrica.kernel.RandomStreams;
import org.fabrica.params.ParameterSchema;
import org.fabrica.scheduler.Demands;
import org.fabrica.scheduler.Plan;
import org.fabrica.scheduler.Route;
import org.fabrica.scheduler.ScheduledTransfer;
import org.fabrica.scheduler.Scheduler;
import org.fabrica.scheduler.SizeUnit;
import org.fabrica.scheduler.Transfer;
import org.fabrica.stats.Metric;
import org.fabrica.topology.Topology;
import org.fabrica.traffic.TrafficPattern;

/**
 * Routes planned by a circuit scheduler, played by the packet simulator (docs/studies/levelwise.md,
 * "Beyond the paper"). A scheme's routing written {@code {name: source-route, fallback: dmodk, from:
 * <scheduler>}} gets, at every point, the routes the scheduler grants for the point's traffic:
 * <ol>
 * <li>the point's pattern (drawn once per run from the seed's pattern stream, so every scheme of a
 * seed sees the same permutation) is tabulated: each source's one destination; a pattern that
 * does not give each source one fixed destination is refused;</li>
 * <li>the flows become the scheduler's demands, one request per flow in source order;</li>
 * <li>the scheduler (with the point's random streams) plans them; the granted transfers' routes
 * (upper port per level) are written in the route text format of {@code source-route}
 * ({@code src dst p0 p1 ...}, one flow per line) into the routing's {@code routes} parameter;</li>
 * <li>flows the scheduler did not grant have no route and take the routing's {@code fallback}
 * (e.g. D-mod-k); their number is reported as {@link #FALLBACK}.</li>
 * </ol>
 * Only a routing with a {@code routes} parameter can take a plan; giving both {@code routes} and
 * {@code from} is an error. Not on the hot path: this runs once when a point is built.
 */
final class RoutesFromScheduler {
    /** Key of the scheduler in a routing choice. */
    static final String FROM = "from";
    /** Parameter of the routing that receives the plan's routes. */
    static final String ROUTES = "routes";
    /** Metric names. */
    static final String FLOWS = SteadySummary.FLOWS;
    static final String GRANTED = SteadySummary.GRANTED;
    static final String FALLBACK = SteadySummary.FALLBACK;

    /** Independent draws used to tell a fixed-destination pattern from a random one. */
    private static final int PROBES = 3;

    private RoutesFromScheduler() {
    }

    /**
     * The routes of one point.
     *
     * @param destinations destination of each source node, or {@link TrafficPattern#NONE}
     * @param plan the scheduler's plan of the flows, in source order
     * @param routes the granted routes in the route text format, one flow per line
     * @param flows number of flows (sources with a destination)
     * @param granted number of flows the scheduler granted (routed on their planned route)
     */
    record Planned(int[] destinations, Plan plan, String routes, int flows, int granted) {
        /** Flows without a planned route, routed by the fallback. */
        int fallbackFlows() {
            return flows - granted;
        }

        List<Metric> metrics() {
            return List.of(
                    new Metric(FLOWS, flows, "flows", "flows of the pattern (sources with a destination), each a "
                            + "request to the scheduler"),
                    new Metric(GRANTED, granted, "flows", "flows the scheduler granted, routed on its planned route"),
                    new Metric(FALLBACK, fallbackFlows(), "flows", "flows the scheduler did not grant, routed by the "
                            + "routing's fallback"));
        }
    }

    /** The routing choice without its {@code from} key (which names the scheduler, not a parameter). */
    static ProviderChoice withoutFrom(ProviderChoice routing) {
        Map<String, Object> params = new LinkedHashMap<>(routing.parameters());
        params.remove(FROM);
        return new ProviderChoice(routing.concept(), routing.name(), params, routing.path());
    }

    /**
     * Checks, at validation, that the routing can take routes: it has a {@code routes} parameter and
     * the file does not also give one.
     *
     * @return null when fine, else the problem in one sentence
     */
    static String unusableRouting(BoundProvider routing) {
        List<String> names = ParameterSchema.of(routing.provider().factory().parameterType()).names();
        if (!names.contains(ROUTES)) {
            return routing.choice().path() + ": routing '" + routing.provider().name() + "' takes no routes, so a "
                    + "scheduler's plan cannot drive it; use 'from' with a routing that has a 'routes' parameter, "
                    + "such as {name: source-route, fallback: dmodk, from: levelwise}";
        }
        Object given = routing.choice().parameters().get(ROUTES);
        if (given != null && !given.toString().isBlank()) { // a resolved file writes the empty default back
            return routing.choice().path() + ": give either 'routes' or 'from' (routes planned by a scheduler), not "
                    + "both";
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
    static int[] tabulate(java.util.function.Supplier<TrafficPattern> fresh, int nodes, String patternName) {
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
    static Demands demands(int[] destinations) {
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
    static Planned plan(Scheduler scheduler, String schedulerName, int[] destinations) {
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
        return new Planned(destinations.clone(), plan, text.toString(), demands.transfers().size(), granted);
    }

    /** The routing choice with the planned routes as its {@code routes} parameter. */
    static ProviderChoice withRoutes(ProviderChoice routing, String routes) {
        Map<String, Object> params = new LinkedHashMap<>(routing.parameters());
        params.put(ROUTES, routes);
        return new ProviderChoice(routing.concept(), routing.name(), params, routing.path());
    }

    /** Random streams of a point: the scheduler draws from the same seed as the point's other components. */
    static Scheduler scheduler(BoundProvider from, Topology topology, RandomStreams streams) {
        Scheduler s = from.scheduler(topology, streams);
        if (s == null) {
            throw new IllegalStateException("the factory returned no scheduler");
        }
        return s;
    }
}
