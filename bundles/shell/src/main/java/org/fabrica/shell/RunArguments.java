package org.fabrica.shell;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.fabrica.experiment.ExperimentException;
import org.fabrica.experiment.RunOptions;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The arguments of {@code run FILE [--out DIR] [--resume] [--threads N] [--set key=value]...},
 * shared (as a picocli mixin) by the command-line mode and the Gogo {@code fabrica:run}.
 */
final class RunArguments {
    @Parameters(index = "0", paramLabel = "FILE", description = "Experiment file (YAML).")
    Path file;

    @Option(names = "--out", paramLabel = "DIR",
            description = "Results folder (default: results/<experiment name>).")
    Path out;

    @Option(names = "--resume", description = "Skip the points already in the results folder's journal.")
    boolean resume;

    @Option(names = "--threads", paramLabel = "N", defaultValue = "0",
            description = "Points simulated at once (default 0 = one per core).")
    int threads;

    @Option(names = "--set", paramLabel = "KEY=VALUE",
            description = "Override a value of the file, e.g. --set hardware.vcs=3 or --set 'loads=[0.1,0.2]'.")
    List<String> sets = new ArrayList<>();

    /**
     * The run options.
     *
     * @throws ExperimentException for a negative thread count or a malformed --set
     */
    RunOptions options(boolean startPaused) {
        if (threads < 0) {
            throw new ExperimentException("--threads " + threads + " is negative; use 0 (one per core) or more");
        }
        return new RunOptions(outDir(), resume, threads, Overrides.parse(sets, "--set"), startPaused);
    }

    /** The results folder given with --out, or null: the runner then uses results/<experiment name>. */
    Path outDir() {
        return out == null ? null : out.toAbsolutePath().normalize();
    }

    Path file() {
        return file.toAbsolutePath().normalize();
    }
}
