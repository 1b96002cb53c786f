package org.fabrica.experiment.runner;

import org.fabrica.experiment.plan.PointTraffic;
import org.fabrica.experiment.plan.SweepPlan;
import org.fabrica.experiment.results.SeriesTable;
import org.fabrica.experiment.study.StudyMeasurement;
import org.fabrica.experiment.study.StudyTraffic;
import org.fabrica.network.NetworkModel;
import org.fabrica.stats.NetworkObserver;
import org.fabrica.stats.collectors.CompositeObserver;
import org.fabrica.stats.collectors.SpaceTimeRecorder;

/**
 * The measurement of a mode that implements {@link org.fabrica.experiment.study.StudyMode} through
 * the exported API ({@link PointJob#simulate(StudyMeasurement)}): its collectors beside the event
 * counts of the accounting check, its end condition before the network's own, its outcome as a
 * point's.
 */
final class ModeMeasurement extends PointMeasurement {
    private final StudyMeasurement mode;
    private final long maxCycles;
    private final PointTraffic traffic;
    /** Whether the mode's collectors count the point's packets, so that {@link #counts} sees no event. */
    private boolean countedByMode;

    /** @param traffic the mode's own traffic, or null for the file's pattern and injection process */
    ModeMeasurement(StudyMeasurement mode, long maxCycles, PointTraffic traffic) {
        this.mode = mode;
        this.maxCycles = maxCycles;
        this.traffic = traffic;
    }

    @Override
    PointTraffic traffic() {
        return traffic;
    }

    @Override
    NetworkObserver observer(int nodes, PointTraffic.Traffic traffic) {
        NetworkObserver own = mode.observer(nodes, new StudyTraffic.Packets(traffic.pattern(), traffic.injection(),
                traffic.label(), traffic.collectives(), traffic.groups(), traffic.collectiveName()));
        countedByMode = mode.countsPackets();
        return countedByMode ? own : CompositeObserver.of(counts, own);
    }

    @Override
    long generated() {
        return countedByMode ? mode.packetsGenerated() : counts.generated();
    }

    @Override
    long delivered() {
        return countedByMode ? mode.packetsDelivered() : counts.delivered();
    }

    @Override
    PointRun run(NetworkModel network, SpaceTimeRecorder recorder, SweepPlan.Assembly assembly) {
        NetworkObserver sampled = mode.cycleObserver(network);
        NetworkObserver cycles = sampled == null ? recorder : cycleObserver(sampled, recorder);
        return new PointRun(network, cycles, maxCycles) {
            @Override
            End ended(long now) {
                return mode.ended(now) ? End.MEASURED : networkOrLimit(now);
            }

            @Override
            long nextBoundary(long now) {
                return mode.nextBoundary(now);
            }
        };
    }

    @Override
    Outcome outcome(PointRun run, long end, NetworkModel network, SweepPlan.Assembly assembly) {
        StudyMeasurement.End how = switch (run.end()) {
            case MEASURED -> StudyMeasurement.End.MEASURED;
            case NETWORK_DONE -> StudyMeasurement.End.NETWORK_DONE;
            case LIMIT -> StudyMeasurement.End.LIMIT;
        };
        StudyMeasurement.Outcome o = mode.outcome(end, how);
        StudyMeasurement.Tables t = o.tables();
        return new Outcome(o.metrics(), o.saturated() ? PointSimulation.SATURATED_STATUS : PointSimulation.OK,
                o.endNote(), t == null ? null : table(t.windows()), t == null ? null : table(t.inFlight()),
                t == null ? null : table(t.nodes()));
    }

    /** A mode's table as the results store writes it (its names checked there), or null. */
    private static SeriesTable table(StudyMeasurement.Table t) {
        return t == null ? null : new SeriesTable(t.names(), t.columns());
    }
}
