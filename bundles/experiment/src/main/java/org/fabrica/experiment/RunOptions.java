package org.fabrica.experiment;

import java.nio.file.Path;
import java.util.Map;

/**
 * How to run an experiment.
 *
 * @param outDir results folder (created; must be writable)
 * @param resume skip points already in the folder's journal
 * @param threads points simulated at once (0 = number of cores)
 * @param overrides {@code key=value} overrides of the file, e.g. {@code traffic.pattern=tornado}
 * @param startPaused the run's simulations pause before their first cycle (for shell stepping)
 */
public record RunOptions(Path outDir, boolean resume, int threads, Map<String, String> overrides,
        boolean startPaused) {
}
