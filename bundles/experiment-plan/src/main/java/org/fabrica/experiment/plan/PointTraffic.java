package org.fabrica.experiment.plan;

import org.fabrica.collective.CollectiveEngine;
import org.fabrica.collective.CollectiveProgram;
import org.fabrica.collective.Groups;
import org.fabrica.experiment.study.StudyPoint;
import org.fabrica.kernel.RandomStreams;
import org.fabrica.traffic.InjectionProcess;
import org.fabrica.traffic.TrafficPattern;
import org.fabrica.traffic.schedule.PlannedRoutes;

/**
 * Where the packets of a point come from, as its study mode says when it builds the plan
 * ({@link SweepPlan#assemble} asks it once per point): the file's pattern and injection process
 * ({@link PatternTraffic}), or a mode's own ({@link ModeTraffic}: a schedule played, a trace
 * replayed), or what a new study needs (a barrier), without a change to the plan.
 */
@FunctionalInterface
public interface PointTraffic {
    /**
     * The traffic of a point.
     *
     * @param pattern who sends to whom
     * @param injection when each node generates
     * @param label the traffic as failure messages name it
     * @param routing the scheme's routing, possibly bound to routes planned for this point
     * @param routes routes planned by a scheduler ({@link org.fabrica.traffic.schedule.PlannedRoutes}), or null
     * @param player what the mode plays the traffic from, for its own collectors and metrics (a
     *        software multicast; a mode's own traffic: its {@code StudyTraffic.Packets}), or null;
     *        only the mode that made it reads it ({@link #player(Class)}), so a new mode adds no field
     */
    public record Traffic(TrafficPattern pattern, InjectionProcess injection, String label, BoundProvider routing,
            PlannedRoutes routes, Object player, CollectiveEngine collectives,
            CollectiveProgram program, Groups groups, String collectiveName) {

        /** Traffic without a collective engine. */
        Traffic(TrafficPattern pattern, InjectionProcess injection, String label, BoundProvider routing,
                PlannedRoutes routes, Object player) {
            this(pattern, injection, label, routing, routes, player, null, null, null, null);
        }

        /** The player as the mode that made it knows it. */
        <T> T player(Class<T> type) {
            return type.cast(player);
        }
    }

    /**
     * Creates a point's traffic from the point's streams; a provider's failure is a
     * {@link ProviderFailure} naming it.
     */
    Traffic create(SweepPlan plan, StudyPoint point, SweepPlan.BoundScheme scheme, RandomStreams streams);
}
