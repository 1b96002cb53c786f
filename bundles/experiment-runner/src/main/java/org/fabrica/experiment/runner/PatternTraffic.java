package org.fabrica.experiment.runner;

import org.fabrica.collective.CollectiveEngine;
import org.fabrica.collective.CollectiveEngineFactory;
import org.fabrica.collective.Groups;
import org.fabrica.collective.RootPolicy;
import org.fabrica.collective.RootPolicyFactory;
import org.fabrica.collective.load.BarrierLoop;
import org.fabrica.collective.load.SoftwareMulticast;
import org.fabrica.experiment.study.StudyPoint;
import org.fabrica.kernel.RandomStreams;
import org.fabrica.traffic.InjectionProcess;
import org.fabrica.traffic.OfferedLoad;
import org.fabrica.traffic.TrafficPattern;
import org.fabrica.traffic.schedule.PlannedRoutes;

/**
 * The traffic of the packet-simulation modes: the point's pattern (from the seed's pattern
 * stream alone, so every scheme of a seed sees the same one) and the file's injection process at
 * the point's load; with {@code routing.from}, the routes a scheduler planned for the pattern
 * ({@link RoutesFromScheduler}).
 */
final class PatternTraffic implements PointTraffic {
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
                    RoutesFromScheduler.scheduler(from, plan.topology(), streams), from.provider().name(),
                    destinations));
            planned = routes;
            BoundProvider base = scheme.routing();
            routingProvider = SweepPlan.call(base, () -> ProviderBinding.bind(base.provider(),
                    RoutesFromScheduler.withRoutes(base.choice(), routes.routes())));
        }
        // a point without a load (NaN: ramp, collective) leaves it to its injection process
        double load = Double.isNaN(point.load()) ? 0.0 : point.load();
        BoundProvider injection = plan.injectionProvider();
        InjectionProcess process = SweepPlan.call(injection, () -> injection.injection(nodes,
                new OfferedLoad(load, plan.packetFlits(), Long.MAX_VALUE)));
        if (plan.collectiveLoad() == null) {
            return new Traffic(pattern, process, patternProvider.provider().label(), routingProvider, planned, null);
        }
        Collectives c = collectives(plan, streams);
        if (plan.collectiveLoad().spec().softwareMulticast()) {
            SoftwareMulticast software = new SoftwareMulticast(pattern, process, c.groups().members(0), nodes);
            return new Traffic(software.pattern(), software.injection(), patternProvider.provider().label()
                    + " (software multicast)", routingProvider, planned, software, c.engine(), c.loop(), c.groups(),
                    c.name());
        }
        return new Traffic(pattern, process, patternProvider.provider().label(), routingProvider, planned, null,
                c.engine(), c.loop(), c.groups(), c.name());
    }

    /** A steady point's collective engine (and its provider's label), barrier loop (or null) and groups with their root policy. */
    record Collectives(CollectiveEngine engine, BarrierLoop loop, Groups groups, String name) {
    }

    /**
     * The engine of the plan's barrier loop over its members, its trees' roots chosen by the root
     * policy, and the loop: first entries at cycle 0, the next one {@code gapNs} after a
     * completion, none from the end of the measurement window on.
     */
    static Collectives collectives(SweepPlan plan, RandomStreams streams) {
        CollectiveLoad.Bound c = plan.collectiveLoad();
        double ns = plan.router().cycleNanoseconds();
        long gap = Math.round(c.spec().gapNs() / ns);
        long windowEnd = c.windowEnd();
        BarrierLoop loop = c.spec().barrierLoop()
                ? new BarrierLoop(c.members(), gap, windowEnd, c.warmup(), windowEnd, ns) : null;
        int[] group = loop != null ? loop.group() : new BarrierLoop(c.members(), 0, 0, 0, 0, ns).group();
        BoundProvider p = c.rootPolicy();
        RootPolicy policy = SweepPlan.call(p, () -> ((RootPolicyFactory) p.provider().factory()).create(p.parameters()));
        Groups groups = new Groups(plan.topology(), new int[][] {group}, policy, p.provider().name(),
                streams.stream("collective", 0).nextLong());
        BoundProvider e = c.engine();
        CollectiveEngine engine = SweepPlan.call(e, () -> ((CollectiveEngineFactory) e.provider().factory())
                .create(groups, e.parameters()));
        return new Collectives(engine, loop, groups, e.provider().label());
    }
}
