package org.fabrica.experiment.runner;

import org.fabrica.kernel.RandomStreams;
import org.fabrica.scheduler.Plan;
import org.fabrica.traffic.InjectionProcess;
import org.fabrica.traffic.TrafficPattern;
import org.fabrica.traffic.schedule.SchedulePlayback;
import org.fabrica.traffic.trace.TraceReplay;

/**
 * Where the packets of a point come from, as its study mode says when it builds the plan
 * ({@link SweepPlan#assemble} asks it once per point): the file's pattern and injection process
 * ({@link PatternTraffic}), or a scheduler's plan played back (mode m2n), or a trace replayed
 * (mode trace), or what a new study needs (a barrier), without a change to the plan.
 */
@FunctionalInterface
interface PointTraffic {
    /**
     * The traffic of a point.
     *
     * @param pattern who sends to whom
     * @param injection when each node generates
     * @param label the traffic as failure messages name it
     * @param routing the scheme's routing, possibly bound to routes planned for this point
     * @param routes routes planned by a scheduler ({@link RoutesFromScheduler}), or null
     * @param plan the scheduler's plan the traffic plays, or null
     * @param playback that plan's playback, or null
     * @param replay mode trace's replay of the point's workload, or null
     */
    record Traffic(TrafficPattern pattern, InjectionProcess injection, String label, BoundProvider routing,
            RoutesFromScheduler.Planned routes, Plan plan, SchedulePlayback playback, TraceReplay replay) {
    }

    /**
     * Creates a point's traffic from the point's streams; a provider's failure is a
     * {@link ProviderFailure} naming it.
     */
    Traffic create(SweepPlan plan, PointPlan point, SweepPlan.BoundScheme scheme, RandomStreams streams);
}
