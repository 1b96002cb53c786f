package org.fabrica.experiment.runner;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import org.fabrica.experiment.results.ResultsStore;
import org.fabrica.sweep.PointResult;
import org.fabrica.sweep.PortablePointRunner;
import org.fabrica.sweep.ShippedExperiment;
import org.fabrica.sweep.ShippedResult;
import org.fabrica.sweep.SweepPoint;

/**
 * The points of a run as the executor sees them: run here ({@link ExperimentRun#runPoint}), or
 * shipped to a cluster member with the resolved experiment text ({@link ShippedPointService}),
 * whose files come back through {@link #accept} into this run's results folder before the point
 * is journaled (the order a local point keeps: files first, then its journal line).
 */
final class RunPoints implements PortablePointRunner {
    private final ExperimentRun run;
    private final ShippedExperiment experiment;
    private final Path resultsDir;

    RunPoints(ExperimentRun run, String experimentId, String resolvedYaml, Path resultsDir) {
        this.run = run;
        this.experiment = new ShippedExperiment(experimentId, resolvedYaml);
        this.resultsDir = resultsDir;
    }

    @Override
    public PointResult run(SweepPoint point) {
        return run.runPoint(point);
    }

    @Override
    public boolean stopRequested() {
        return run.stopRequested();
    }

    @Override
    public ShippedExperiment experiment() {
        return experiment;
    }

    @Override
    public PointResult accept(ShippedResult shipped) {
        for (Map.Entry<String, byte[]> f : shipped.files().entrySet()) {
            write(resultsDir, f.getKey(), f.getValue());
        }
        return shipped.result();
    }

    /** Writes a shipped point file, atomically; only into the folders a point writes (no escaping the folder). */
    static void write(Path dir, String relative, byte[] bytes) {
        String top = relative.contains("/") ? relative.substring(0, relative.indexOf('/')) : "";
        Path target = dir.resolve(relative).normalize();
        if (!(top.equals(ResultsStore.SERIES) || top.equals(ResultsStore.SPACE_TIME))
                || !target.startsWith(dir.resolve(top)) || relative.contains("..")) {
            throw new IllegalArgumentException("a shipped point file must lie in " + ResultsStore.SERIES + "/ or "
                    + ResultsStore.SPACE_TIME + "/ of the results folder, not '" + relative + "'");
        }
        try {
            Files.createDirectories(target.getParent());
            Path tmp = target.resolveSibling(target.getFileName() + ".part");
            Files.write(tmp, bytes);
            Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the shipped point file " + target + ": " + e.getMessage(), e);
        }
    }
}
