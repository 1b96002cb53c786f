package org.fabrica.experiment.study;

import java.util.List;
import org.fabrica.stats.Metric;
import org.fabrica.sweep.PointResult;
import org.fabrica.sweep.SweepPoint;
import org.osgi.annotation.versioning.ProviderType;

/**
 * One point handed to its study mode to run ({@link StudyMode#run}): the plan, the point, and the
 * run's signals. A simulating mode calls {@link #simulate} with its collectors and end condition; a
 * mode without packet simulation computes the result itself. Created by the runner only.
 */
@ProviderType
public interface StudyJob {
    /** The resolved experiment. */
    StudyPlan plan();

    /** The point to run. */
    StudyPoint point();

    /** The point as the sweep executor knows it. */
    SweepPoint sweepPoint();

    /** Whether the run is being stopped: a point not yet started should not start. */
    boolean stopRequested();

    /** The result of a point stopped before it started (a resumed run does it again). */
    PointResult stopped();

    /**
     * Simulates the point with the mode's measurement: builds the point's instances (its pattern
     * from the seed's streams, the file's injection process, the scheme), runs the kernel under the
     * run's control (pause, step, swap) until the network ends by itself (generation stopped and
     * every packet delivered), the measurement ends it ({@link StudyMeasurement#ended}) or the
     * spec's {@code maxCycles}; checks that every packet is accounted for and adds the simulation's
     * own metrics ({@code sim.cycles}, ...) and the file's statistics collectors to the mode's.
     * Never throws: a failure is the point's result, naming the provider it came from.
     */
    PointResult simulate(StudyMeasurement measurement);

    /**
     * As {@link #simulate(StudyMeasurement)}, with the packets coming from the mode's own
     * {@code traffic} instead of the file's pattern and injection process (the scheme's routing,
     * queuing and throttle as the file gives them).
     */
    PointResult simulate(StudyMeasurement measurement, StudyTraffic traffic);

    /**
     * As {@link #simulate(StudyMeasurement)}, the packets being what the mode makes of the file's
     * pattern and injection process ({@code around}, e.g. a collective engine and a barrier loop
     * beside them, or the pattern's multicasts sent as trees of unicasts); routes a scheduler
     * planned for the pattern are kept. Since 2.4.
     */
    PointResult simulate(StudyMeasurement measurement, StudyTraffic.Around around);

    /**
     * The result of a point a mode computed without packet simulation: its metrics (named as
     * {@link StudyMeasurement.Outcome#metrics} says; the same names for every point), status
     * {@code ok}, the notes every point has (pattern or row, scheme or column, load note, seed).
     *
     * @param wallMillis how long the point took
     */
    PointResult computed(List<Metric> metrics, long wallMillis);

    /**
     * The result of a point that failed: no metrics, status {@code failed}, the message (naming the
     * provider that failed, e.g. {@link StudyProvider#describe()} followed by the cause).
     */
    PointResult failed(String message, long wallMillis);
}
