package org.fabrica.experiment.runner;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fabrica.experiment.file.ProviderChoice;
import org.fabrica.experiment.report.SteadySummary;
import org.fabrica.kernel.RandomStreams;
import org.fabrica.params.ParameterSchema;
import org.fabrica.scheduler.Scheduler;
import org.fabrica.stats.Metric;
import org.fabrica.topology.Topology;
import org.fabrica.traffic.schedule.PlannedRoutes;

/**
 * Routes planned by a circuit scheduler, played by the packet simulator (docs/studies/levelwise.md,
 * "Beyond the paper"): the runner's side of it, the routing choice's {@code from} key and the
 * point's metrics; the planning itself is {@link PlannedRoutes} (traffic-schedule). A scheme's routing written {@code {name: source-route, fallback: dmodk, from:
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

    private RoutesFromScheduler() {
    }

    /** The metrics of a point's planned routes. */
    static List<Metric> metrics(PlannedRoutes routes) {
        return List.of(
                new Metric(FLOWS, routes.flows(), "flows", "flows of the pattern (sources with a destination), each a "
                        + "request to the scheduler"),
                new Metric(GRANTED, routes.granted(), "flows", "flows the scheduler granted, routed on its planned route"),
                new Metric(FALLBACK, routes.fallbackFlows(), "flows", "flows the scheduler did not grant, routed by the "
                        + "routing's fallback"));
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
