package org.fabrica.experiment.plan;

import org.fabrica.experiment.study.StudyPoint;
import org.fabrica.experiment.study.StudyTraffic;
import org.fabrica.kernel.RandomStreams;
import org.fabrica.scheduler.Scheduler;
import org.fabrica.topology.Topology;
import org.fabrica.traffic.InjectionProcess;
import org.fabrica.traffic.OfferedLoad;
import org.fabrica.traffic.TrafficPattern;
import org.fabrica.traffic.schedule.PlannedRoutes;

/**
 * The traffic of the packet-simulation modes: the point's pattern (from the seed's pattern
 * stream alone, so every scheme of a seed sees the same one) and the file's injection process at
 * the point's load; with {@code routing.from}, the routes a scheduler planned for the pattern
 * ({@link PlannedRoutes}); with a mode's {@link StudyTraffic.Around}, what the mode makes of
 * the pattern and the process (a collective engine and program beside them, another pattern).
 */
public final class PatternTraffic implements PointTraffic {
    /** What the mode makes of the file's traffic, or null. */
    private final StudyTraffic.Around around;

    /** The file's traffic as it is. */
    public PatternTraffic() {
        this(null);
    }

    /** @param around what the mode makes of the file's traffic, or null */
    public PatternTraffic(StudyTraffic.Around around) {
        this.around = around;
    }

    @Override
    public Traffic create(SweepPlan plan, StudyPoint point, SweepPlan.BoundScheme scheme, RandomStreams streams) {
        BoundProvider patternProvider = plan.patterns().get(point.pattern());
        int nodes = plan.topology().nodes();
        TrafficPattern pattern = SweepPlan.call(patternProvider,
                () -> patternProvider.pattern(plan.topology(), streams.stream(SweepPlan.PATTERN_STREAM, 0)));
        PlannedRoutes planned = null;
        BoundProvider routingProvider = scheme.routing();
        if (scheme.routesFrom() != null) {
            BoundProvider from = scheme.routesFrom();
            int[] destinations = SweepPlan.call(patternProvider, () -> PlannedRoutes.tabulate(
                    () -> patternProvider.pattern(plan.topology(), streams.stream(SweepPlan.PATTERN_STREAM, 0)),
                    nodes, patternProvider.provider().name()));
            PlannedRoutes routes = SweepPlan.call(from, () -> PlannedRoutes.plan(
                    scheduler(from, plan.topology(), streams), from.provider().name(),
                    destinations));
            planned = routes;
            BoundProvider base = scheme.routing();
            routingProvider = SweepPlan.call(base, () -> ProviderBinding.bind(base.provider(),
                    base.choice().with(PlannedRoutes.ROUTES, routes.routes())));
        }
        // a point without a load (NaN: ramp, collective) leaves it to its injection process
        double load = Double.isNaN(point.load()) ? 0.0 : point.load();
        BoundProvider injection = plan.injectionProvider();
        InjectionProcess process = SweepPlan.call(injection, () -> injection.injection(nodes,
                new OfferedLoad(load, plan.packetFlits(), Long.MAX_VALUE)));
        String label = patternProvider.provider().label();
        if (around == null) {
            return new Traffic(pattern, process, label, routingProvider, planned, null);
        }
        StudyTraffic.Packets p = around.packets(plan, point, streams, new StudyTraffic.Packets(pattern, process, label));
        if (p == null) {
            throw new IllegalStateException("mode " + plan.spec().mode() + "'s traffic returned no packets for point "
                    + point.pointId());
        }
        return new Traffic(p.pattern(), p.injection(), p.label(), routingProvider, planned, p, p.collectives(),
                p.program(), p.groups(), p.collectiveName());
    }

    /** The scheduler of a scheme's {@code from}, drawing from the point's random streams as its other components do. */
    private static Scheduler scheduler(BoundProvider from, Topology topology, RandomStreams streams) {
        Scheduler s = from.scheduler(topology, streams);
        if (s == null) {
            throw new IllegalStateException("the factory returned no scheduler");
        }
        return s;
    }
}
