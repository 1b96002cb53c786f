package org.fabrica.experiment;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.osgi.annotation.versioning.ProviderType;

/** Loads, validates and runs experiment files. */
@ProviderType
public interface ExperimentService {
    /**
     * Validates a file against the registered providers without running it and returns a short
     * description of the sweep (points, providers).
     *
     * @throws ExperimentException on any bad input, before anything is written
     */
    String validate(Path file, RunOptions options);

    /**
     * The plans the schedulers of an experiment make (mode m2n): for every communication and every
     * scheme that runs on it, the rounds of source-destination pairs (a table), or with
     * {@code csv} the scheduled transfers as CSV, to load into real endpoints. Nothing is run or
     * written.
     *
     * @throws ExperimentException on bad input, or for an experiment whose mode has no schedules
     * @since 1.1
     */
    default String schedule(Path file, RunOptions options, boolean csv) {
        throw new ExperimentException("this experiment service cannot print schedules");
    }

    /**
     * Validates and starts a run. Validation errors are thrown here, before any result is written.
     *
     * @throws ExperimentException on bad input
     */
    RunHandle start(Path file, RunOptions options, ProgressListener listener);

    /**
     * Settles a results folder that another command is about to read: when its run record still says
     * running or paused and no live run holds the folder (the run was killed), the record is marked
     * interrupted. Returns a note saying so, with the points done and how to finish them; empty when
     * the folder's record is settled already or a live run holds it.
     *
     * @since 1.2
     */
    default Optional<String> settleInterrupted(Path resultsFolder) {
        return Optional.empty();
    }

    /** Runs started in this framework, oldest first. */
    List<RunHandle> runs();

    /** A run by id. */
    Optional<RunHandle> run(String id);
}
