package org.fabrica.shell;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.fabrica.experiment.ExperimentException;
import org.fabrica.experiment.RunOptions;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The arguments that name an experiment and its results folder, {@code FILE [--out DIR] [--resume]
 * [--set key=value]...}: what {@code validate} checks and {@code run} uses.
 */
abstract class ExperimentArguments {
    @Parameters(index = "0", paramLabel = "FILE", description = "Experiment file (YAML), or a results folder: its "
            + "experiment.yaml (the experiment resolved), with the folder as the default --out (run DIR --resume "
            + "continues it).")
    Path file;

    @Option(names = "--out", paramLabel = "DIR",
            description = "Results folder (default: results/<experiment name>).")
    Path out;

    @Option(names = "--resume", description = "Skip the points already in the results folder's journal.")
    boolean resume;

    @Option(names = "--set", paramLabel = "KEY=VALUE",
            description = "Override a value of the file, e.g. --set hardware.vcs=3 or --set 'loads=[0.1,0.2]'.")
    List<String> sets = new ArrayList<>();

    /** Points simulated at once (0 = one per core). */
    abstract int threads();

    /**
     * The run options.
     *
     * @throws ExperimentException for a negative thread count or a malformed --set
     */
    RunOptions options(boolean startPaused) {
        int threads = threads();
        if (threads < 0) {
            throw new ExperimentException("--threads " + threads + " is negative; use 0 (one per core) or more");
        }
        return new RunOptions(outDir(), resume, threads, Overrides.parse(sets, "--set"), startPaused);
    }

    /**
     * The results folder given with --out; else the folder given as FILE; else null: the runner then
     * uses results/<experiment name>.
     */
    Path outDir() {
        if (out != null && out.toString().isBlank()) {
            throw new ExperimentException("--out is empty; give the results folder, e.g. --out results/my-run, or drop"
                    + " --out for results/<experiment name>");
        }
        if (out != null) {
            return out.toAbsolutePath().normalize();
        }
        return Files.isDirectory(file) ? file.toAbsolutePath().normalize() : null;
    }

    /**
     * The experiment file: FILE, or the experiment.yaml of the results folder given as FILE.
     *
     * @throws ExperimentException for a folder without one
     */
    Path file() {
        Path f = file.toAbsolutePath().normalize();
        if (!Files.isDirectory(f)) {
            return f;
        }
        Path resolved = f.resolve("experiment.yaml");
        if (!Files.isRegularFile(resolved) || !Files.isRegularFile(f.resolve("run.json"))) {
            throw new ExperimentException(file + " is a folder but not a results folder (it lacks "
                    + (Files.isRegularFile(resolved) ? "run.json" : "experiment.yaml") + "); give an experiment file,"
                    + " or a results folder (a run writes its experiment.yaml and run.json there at its start)");
        }
        return resolved;
    }
}
