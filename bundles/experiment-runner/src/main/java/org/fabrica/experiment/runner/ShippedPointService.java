package org.fabrica.experiment.runner;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.fabrica.experiment.file.ExperimentDocument;
import org.fabrica.experiment.plan.ProviderFailure;
import org.fabrica.experiment.plan.SweepPlan;
import org.fabrica.experiment.results.ResultsStore;
import org.fabrica.experiment.study.StudyPoint;
import org.fabrica.sweep.PointResult;
import org.fabrica.sweep.ShippedExperiment;
import org.fabrica.sweep.ShippedPointRunner;
import org.fabrica.sweep.ShippedResult;
import org.fabrica.sweep.SweepPoint;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/**
 * Runs a point of an experiment planned on another launcher (a cluster member's side of a shipped
 * sweep): plans the resolved text again against this launcher's providers, refuses it when the id
 * differs (a provider or its version differs here), and runs the point as a local run would, in an
 * {@link ExperimentRun} whose results folder is a temporary one; the files the point wrote there go
 * back with its result.
 */
@Component(service = ShippedPointRunner.class)
public final class ShippedPointService implements ShippedPointRunner {
    /** Plans kept (a member usually serves one sweep at a time; a large network's plan is large). */
    private static final int PLANS = 2;

    private final ProviderRegistry registry;
    private final Map<String, SweepPlan> plans = new LinkedHashMap<>(PLANS, 0.75f, true) {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(Map.Entry<String, SweepPlan> eldest) {
            return size() > PLANS;
        }
    };

    @Activate
    public ShippedPointService(@Reference(name = "registry") ProviderRegistry registry) {
        this.registry = registry;
    }

    @Override
    public ShippedResult run(ShippedExperiment experiment, SweepPoint point) {
        long start = System.nanoTime();
        try {
            SweepPlan plan = plan(experiment);
            if (!plan.experimentId().equals(experiment.experimentId())) {
                return failed(point, start, "the experiment resolves to id " + plan.experimentId() + " on this member, "
                        + "not " + experiment.experimentId() + " as on the submitter: a provider or its version differs");
            }
            StudyPoint p = find(plan, point);
            if (p == null) {
                return failed(point, start, "the experiment has no point " + point.pointId() + " at index " + point.index());
            }
            return runIn(plan, point);
        } catch (RuntimeException | LinkageError e) {
            return failed(point, start, ProviderFailure.message(e));
        }
    }

    private SweepPlan plan(ShippedExperiment experiment) {
        String key = experiment.experimentId() + '\n' + experiment.text().hashCode() + '\n' + experiment.text().length();
        synchronized (plans) {
            SweepPlan cached = plans.get(key);
            if (cached != null) {
                return cached;
            }
        }
        ExperimentDocument doc = ExperimentDocument.parse("shipped experiment " + experiment.experimentId(),
                experiment.text(), Map.of());
        SweepPlan plan = ExperimentRunner.plan(doc, registry); // with its variants, as the submitter planned it
        synchronized (plans) {
            plans.put(key, plan);
        }
        return plan;
    }

    private static StudyPoint find(SweepPlan plan, SweepPoint point) {
        List<StudyPoint> points = plan.points();
        if (point.index() >= 0 && point.index() < points.size()
                && points.get(point.index()).pointId().equals(point.pointId())) {
            return points.get(point.index());
        }
        return null;
    }

    private ShippedResult runIn(SweepPlan plan, SweepPoint point) {
        Path dir;
        try {
            dir = Files.createTempDirectory("fabrica-shipped-point-");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a temporary results folder: " + e.getMessage(), e);
        }
        try {
            ResultsStore store = ResultsStore.open(dir, plan.experimentId(), false);
            PointResult r;
            try {
                ExperimentRun run = new ExperimentRun("shipped-" + point.pointId(), plan, store, null, null, 1, false,
                        null, registry, ExperimentRunner.buildCommit());
                r = run.runPoint(point);
            } finally {
                store.close();
            }
            return new ShippedResult(r, files(dir));
        } finally {
            delete(dir);
        }
    }

    /** The files a point wrote into its results folder (series, space-time charts), by relative path. */
    static Map<String, byte[]> files(Path dir) {
        Map<String, byte[]> files = new LinkedHashMap<>();
        for (String sub : List.of(ResultsStore.SERIES, ResultsStore.SPACE_TIME)) {
            Path d = dir.resolve(sub);
            if (!Files.isDirectory(d)) {
                continue;
            }
            try (Stream<Path> s = Files.list(d)) {
                for (Path f : s.sorted().toList()) {
                    if (Files.isRegularFile(f) && !f.getFileName().toString().endsWith(".part")) {
                        files.put(sub + "/" + f.getFileName(), Files.readAllBytes(f));
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read the point's files in " + d + ": " + e.getMessage(), e);
            }
        }
        return files;
    }

    private static void delete(Path dir) {
        try (Stream<Path> s = Files.walk(dir)) {
            List<Path> all = new ArrayList<>(s.sorted(Comparator.reverseOrder()).toList());
            for (Path p : all) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            // a temporary folder left behind is not worth failing the point for
        }
    }

    private static ShippedResult failed(SweepPoint point, long start, String message) {
        long millis = (System.nanoTime() - start) / 1_000_000;
        return new ShippedResult(new PointResult(point, List.of(), new LinkedHashMap<>(), message, millis), Map.of());
    }
}
