package org.fabrica.experiment.runner;

import org.fabrica.sweep.PointResult;
import org.fabrica.sweep.SweepPoint;

/**
 * One point handed to its study mode to run ({@link org.fabrica.experiment.study.StudyMode#run}):
 * the plan, the point, and the run's services. A simulating mode calls {@link #simulate} with
 * its collectors and end condition; a mode without packet simulation computes the result itself.
 */
public final class PointJob {
    private final ExperimentRun run;
    private final SweepPlan plan;
    private final PointPlan point;
    private final SweepPoint sweepPoint;

    PointJob(ExperimentRun run, SweepPlan plan, PointPlan point, SweepPoint sweepPoint) {
        this.run = run;
        this.plan = plan;
        this.point = point;
        this.sweepPoint = sweepPoint;
    }

    /** The resolved experiment. */
    public SweepPlan plan() {
        return plan;
    }

    /** The point to run. */
    public PointPlan point() {
        return point;
    }

    /** The point as the sweep executor knows it. */
    public SweepPoint sweepPoint() {
        return sweepPoint;
    }

    /** Whether the run is being stopped: a point not yet started should not start. */
    public boolean stopRequested() {
        return run.stopRequested();
    }

    /** The result of a point stopped before it started (a resumed run does it again). */
    public PointResult stopped() {
        return ExperimentRun.stoppedResult(sweepPoint);
    }

    /** The run's pause, stop and progress signals, for a point that checks them itself. */
    PointControl.Signals signals() {
        return run;
    }

    /**
     * Simulates the point with the mode's collectors and end condition: builds it, runs the
     * kernel under the run's control (pause, step, swap), checks it; never throws.
     */
    PointResult simulate(PointMeasurement measurement) {
        return run.simulate(point, sweepPoint, measurement);
    }
}
