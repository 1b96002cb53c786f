package org.fabrica.experiment;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import org.fabrica.sweep.PointResult;
import org.osgi.annotation.versioning.ProviderType;

/**
 * A running or finished experiment. Control methods act on every simulation of the run that is
 * active at the time.
 */
@ProviderType
public interface RunHandle {
    String id();

    String experimentName();

    RunState state();

    Path outDir();

    /** Pauses every active simulation at the next cycle boundary and waits until they are paused. */
    void pause();

    /** Resumes. */
    void resume();

    /** Advances every paused simulation by {@code cycles} cycles and waits until they are paused again. */
    void step(long cycles);

    /** Stops the run; finished points stay in the results folder. */
    void stop();

    /**
     * Replaces a provider in every paused simulation of the run. Only concepts that support it
     * (routing) accept; the swap is recorded with its cycle and the old and new provider versions.
     *
     * @throws ExperimentException when the run is not paused, the concept cannot be swapped or the name is unknown
     */
    void swap(String concept, String name, Map<String, Object> parameters);

    /**
     * Live statistics: totals of the run ({@code points.total}, {@code points.finished}, ...,
     * {@code generated}, {@code delivered}, {@code inFlight}) and under {@code active} one map per
     * running point in sweep order: {@code point} (its id), {@code cycle}, {@code generated},
     * {@code delivered}, {@code inFlight}, {@code paused}, {@code seconds} (running so far, paused
     * time left out) and, when the experiment's mode tells it, {@code phase} (what the point is
     * doing at that cycle, e.g. "drain, limit at cycle 976,000").
     */
    Map<String, Object> stats();

    /** Results of finished points so far. */
    List<PointResult> results();

    /** Completes when the run has finished, failed or stopped. */
    CompletionStage<RunState> completion();

    /**
     * The tables specific to the experiment's mode, as plain text for a terminal (fixed-width
     * columns, lines ending in {@code \n}), computed from the points finished so far: for a
     * ramp-load experiment the critical load of every pattern and scheme with its ratio to the
     * baseline scheme; for a collective experiment the duration of every pattern and scheme
     * (mean over seeds) with its ratio to the baseline. Empty when the mode has no such table
     * (steady load points, whose per-point table the caller prints from {@link #results()}).
     */
    default String summaryText() {
        return "";
    }

    /**
     * Why the run itself broke, when it did (a results folder that could not be written, e.g. a full
     * disk; an executor that failed), in words; empty while it runs, and for a run whose only
     * failures are its points' (each point's is in its result).
     *
     * @since 1.3
     */
    default java.util.Optional<String> error() {
        return java.util.Optional.empty();
    }
}
