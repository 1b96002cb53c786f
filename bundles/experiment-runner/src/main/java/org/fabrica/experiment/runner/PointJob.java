package org.fabrica.experiment.runner;

import java.util.List;
import org.fabrica.experiment.plan.ModeTraffic;
import org.fabrica.experiment.plan.PatternTraffic;
import org.fabrica.experiment.plan.SweepPlan;
import org.fabrica.experiment.study.StudyJob;
import org.fabrica.experiment.study.StudyMeasurement;
import org.fabrica.experiment.study.StudyPoint;
import org.fabrica.experiment.study.StudyTraffic;
import org.fabrica.stats.Metric;
import org.fabrica.sweep.PointResult;
import org.fabrica.sweep.SweepPoint;

/**
 * One point handed to its study mode to run ({@link org.fabrica.experiment.study.StudyMode#run}):
 * the plan, the point, and the run's services. A simulating mode calls {@link #simulate} with
 * its collectors and end condition; a mode without packet simulation computes the result itself.
 */
public final class PointJob implements StudyJob {
    private final ExperimentRun run;
    private final SweepPlan plan;
    private final StudyPoint point;
    private final SweepPoint sweepPoint;

    PointJob(ExperimentRun run, SweepPlan plan, StudyPoint point, SweepPoint sweepPoint) {
        this.run = run;
        this.plan = plan;
        this.point = point;
        this.sweepPoint = sweepPoint;
    }

    @Override
    public SweepPlan plan() {
        return plan;
    }

    @Override
    public StudyPoint point() {
        return point;
    }

    @Override
    public SweepPoint sweepPoint() {
        return sweepPoint;
    }

    @Override
    public boolean stopRequested() {
        return run.stopRequested();
    }

    @Override
    public PointResult stopped() {
        return ExperimentRun.stoppedResult(sweepPoint);
    }

    /** The run's pause, stop and progress signals, for a point that checks them itself. */
    PointControl.Signals signals() {
        return run;
    }

    @Override
    public PointResult computed(List<Metric> metrics, long wallMillis) {
        return ComputedPoint.result(plan, point, sweepPoint, metrics, PointSimulation.OK, null, wallMillis);
    }

    @Override
    public PointResult failed(String message, long wallMillis) {
        return ComputedPoint.result(plan, point, sweepPoint, List.of(), PointSimulation.FAILED, message, wallMillis);
    }

    @Override
    public PointResult simulate(StudyMeasurement measurement) {
        return simulate(new ModeMeasurement(measurement, plan.maxCycles(), null));
    }

    @Override
    public PointResult simulate(StudyMeasurement measurement, StudyTraffic traffic) {
        if (traffic == null) {
            throw new IllegalArgumentException("a mode's own traffic is null; call simulate(measurement) for the file's");
        }
        return simulate(new ModeMeasurement(measurement, plan.maxCycles(), new ModeTraffic(traffic,
                plan.spec().mode())));
    }

    @Override
    public PointResult simulate(StudyMeasurement measurement, StudyTraffic.Around around) {
        if (around == null) {
            throw new IllegalArgumentException("a mode's traffic around the file's is null; call simulate(measurement)"
                    + " for the file's");
        }
        return simulate(new ModeMeasurement(measurement, plan.maxCycles(), new PatternTraffic(around)));
    }

    /**
     * Simulates the point with the built-in mode's collectors and end condition: builds it, runs the
     * kernel under the run's control (pause, step, swap), checks it; never throws.
     */
    PointResult simulate(PointMeasurement measurement) {
        return run.simulate(plan, point, sweepPoint, measurement);
    }
}
