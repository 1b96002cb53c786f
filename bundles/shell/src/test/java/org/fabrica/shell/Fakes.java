package org.fabrica.shell;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import org.fabrica.experiment.ExperimentException;
import org.fabrica.experiment.ExperimentService;
import org.fabrica.experiment.ProgressListener;
import org.fabrica.experiment.ProviderCatalog;
import org.fabrica.experiment.ProviderInfo;
import org.fabrica.experiment.RunHandle;
import org.fabrica.experiment.RunOptions;
import org.fabrica.experiment.RunState;
import org.fabrica.params.ParameterDescriptor;
import org.fabrica.params.ParameterSchema;
import org.fabrica.params.Suggestions;
import org.fabrica.stats.Metric;
import org.fabrica.sweep.PointResult;
import org.fabrica.sweep.SweepPoint;

/** Small fakes of the experiment API for the shell's tests. */
final class Fakes {
    private Fakes() {
    }

    static ParameterSchema dorSchema() {
        return new ParameterSchema("org.example.DorParameters", "DOR", "Dimension-order routing parameters",
                List.of(new ParameterDescriptor("dateline", "Dateline", "classic", null, null,
                        "Dateline scheme of every ring", List.of("classic", "two-per-ring")),
                        new ParameterDescriptor("maxHops", "int", 64, 1.0, 1024.0, "Hop limit", List.of()),
                        new ParameterDescriptor("weights", "double[]", new double[] {0.5, 1.5}, 0.0, null,
                                "Per-dimension weights", List.of()),
                        new ParameterDescriptor("label", "String", null, null, null, "", List.of())));
    }

    static FakeCatalog catalog() {
        ParameterSchema empty = new ParameterSchema("x", "x", "", List.of());
        return new FakeCatalog(List.of("topology", "routing"), List.of(
                new ProviderInfo("routing", "dor", "Dimension-order routing with datelines", "org.fabrica.routing.cube",
                        "0.1.0.SNAPSHOT", dorSchema()),
                new ProviderInfo("topology", "torus", "k-ary n-cube", "org.fabrica.topology.cube", "0.1.0.SNAPSHOT",
                        empty),
                new ProviderInfo("routing", "west-first", "Turn-model routing", "org.example.westfirst", "1.0.0", empty),
                new ProviderInfo("routing", "dor", "An older DOR", "org.example.olddor", "0.0.1", empty)));
    }

    static Metric metric(String name, double value) {
        return new Metric(name, value, "", "");
    }

    static PointResult point(int index, Map<String, String> notes, String failure, Metric... metrics) {
        return new PointResult(new SweepPoint("e1", "s0-p" + index, index), List.of(metrics), notes, failure, 10);
    }

    static final class FakeCatalog implements ProviderCatalog {
        final List<String> concepts;
        volatile List<ProviderInfo> providers;

        FakeCatalog(List<String> concepts, List<ProviderInfo> providers) {
            this.concepts = concepts;
            this.providers = providers;
        }

        @Override
        public List<String> concepts() {
            return concepts;
        }

        @Override
        public List<ProviderInfo> providers() {
            return providers;
        }

        @Override
        public ProviderInfo find(String concept, String name) {
            List<String> names = new ArrayList<>();
            for (ProviderInfo p : providers) {
                if (p.concept().equals(concept)) {
                    if (p.name().equals(name)) {
                        return p;
                    }
                    names.add(p.name());
                }
            }
            throw new ExperimentException("Unknown " + concept + " provider '" + name + "'" + Suggestions.hint(name, names));
        }
    }

    static final class FakeRun implements RunHandle {
        final String id;
        final Path outDir;
        volatile RunState state = RunState.RUNNING;
        final List<PointResult> results = new ArrayList<>();
        final CompletableFuture<RunState> completion = new CompletableFuture<>();
        final List<String> calls = new ArrayList<>();
        volatile String summaryText = "";
        volatile String error;

        FakeRun(String id, Path outDir) {
            this.id = id;
            this.outDir = outDir;
        }

        void finish(RunState end) {
            state = end;
            completion.complete(end);
        }

        @Override
        public String id() {
            return id;
        }

        @Override
        public java.util.Optional<String> error() {
            return java.util.Optional.ofNullable(error);
        }

        @Override
        public String experimentName() {
            return "exp-" + id;
        }

        @Override
        public String summaryText() {
            return summaryText;
        }

        @Override
        public RunState state() {
            return state;
        }

        @Override
        public Path outDir() {
            return outDir;
        }

        @Override
        public synchronized void pause() {
            calls.add("pause");
            state = RunState.PAUSED;
        }

        @Override
        public synchronized void resume() {
            calls.add("resume");
            state = RunState.RUNNING;
        }

        @Override
        public synchronized void step(long cycles) {
            calls.add("step " + cycles);
        }

        @Override
        public synchronized void stop() {
            calls.add("stop");
            finish(RunState.STOPPED);
        }

        @Override
        public synchronized void swap(String concept, String name, Map<String, Object> parameters) {
            if (state != RunState.PAUSED) {
                throw new ExperimentException("Run " + id + " is not paused; pause it first with fabrica:pause " + id);
            }
            calls.add("swap " + concept + " " + name + " " + parameters);
        }

        @Override
        public Map<String, Object> stats() {
            return Map.of("totals", Map.of("delivered", 42L));
        }

        @Override
        public List<PointResult> results() {
            return List.copyOf(results);
        }

        @Override
        public CompletionStage<RunState> completion() {
            return completion;
        }
    }

    /**
     * Experiment service whose behaviour is chosen per file name: a file containing "bad" is
     * rejected; otherwise {@link #outcome} produces the run's results and end state.
     */
    static class FakeService implements ExperimentService {
        final List<FakeRun> runs = new ArrayList<>();
        final List<RunOptions> options = new ArrayList<>();
        final List<RunOptions> validated = new ArrayList<>();
        final List<Path> files = new ArrayList<>();
        /** Fills a started run (results, state); null leaves it running. */
        Function<Path, List<PointResult>> outcome = f -> List.of(point(0, Map.of(), null, metric("accepted", 0.1)));
        boolean finishImmediately = true;
        /** The end state of a finished run when not derived from the results (e.g. STOPPED by Ctrl-C). */
        RunState endState;
        /** The run's own error, when it broke (a full disk). */
        String runError;

        @Override
        public String validate(Path file, RunOptions o) {
            validated.add(o);
            if (file.getFileName().toString().contains("bad")) {
                throw new ExperimentException("Unknown routing provider 'dro'; did you mean 'dor'? Valid: dor");
            }
            if (file.getFileName().toString().contains("huge")) {
                throw new OutOfMemoryError("Java heap space");
            }
            return "Sweep of " + file.getFileName() + ": 2 points\n";
        }

        @Override
        public String schedule(Path file, RunOptions o, boolean csv) {
            validated.add(o);
            if (file.getFileName().toString().contains("bad")) {
                throw new ExperimentException("bad.yaml:3:1: mode steady has no schedules to print");
            }
            return csv ? "communication,scheme,transaction\nc,s,1\n" : "== c (1-to-1), scheme s\n  round 1: (0,7)\n";
        }

        /** What the started runs return from summaryText() (ramp and collective modes). */
        volatile String modeSummary = "";

        @Override
        public synchronized RunHandle start(Path file, RunOptions o, ProgressListener listener) {
            validate(file, o);
            files.add(file);
            options.add(o);
            FakeRun run = new FakeRun("r" + (runs.size() + 1), o.outDir());
            run.summaryText = modeSummary;
            runs.add(run);
            if (finishImmediately) {
                listener.progress(0.5, "half");
                run.results.addAll(outcome.apply(file));
                listener.progress(1.0, "done");
                boolean failed = run.results.stream().anyMatch(PointResult::failed);
                run.error = runError;
                run.finish(endState != null ? endState : failed ? RunState.FAILED : RunState.FINISHED);
            }
            return run;
        }

        @Override
        public synchronized List<RunHandle> runs() {
            return List.copyOf(runs);
        }

        @Override
        public synchronized Optional<RunHandle> run(String id) {
            return runs.stream().filter(r -> r.id().equals(id)).map(r -> (RunHandle) r).findFirst();
        }
    }
}
