package org.fabrica.itests;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javax.inject.Inject;
import org.fabrica.experiment.ExperimentService;
import org.fabrica.experiment.RunHandle;
import org.fabrica.experiment.RunOptions;
import org.fabrica.experiment.RunState;
import org.fabrica.itests.golden.GoldenCase;
import org.fabrica.itests.golden.GoldenComparison;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.ops4j.pax.exam.Configuration;
import org.ops4j.pax.exam.Option;
import org.ops4j.pax.exam.junit.PaxExam;
import org.ops4j.pax.exam.spi.reactors.ExamReactorStrategy;
import org.ops4j.pax.exam.spi.reactors.PerClass;
import org.osgi.framework.BundleContext;

/**
 * Golden results (docs/golden-results.md): every example under {@code examples/} runs at the reduced
 * size its case file gives, in a framework with every feature (as {@code ./fabrica} runs it), and
 * its results tables must equal the expected ones kept under {@code examples/<dir>/expected/}: counts
 * and cycles exactly, other numbers within {@link GoldenComparison#RELATIVE_TOLERANCE}, wall-clock
 * columns excluded. {@code -Dfabrica.golden.update=true} rewrites the expected files instead (a
 * deliberate change of results); {@code -Dfabrica.golden.only=<id>} runs one example, a comma-separated
 * list of ids several, and an id ending in {@code /} (for example {@code osha-sasha/}) a whole folder.
 */
@RunWith(PaxExam.class)
@ExamReactorStrategy(PerClass.class)
public class GoldenResultsIT {
    private static final String TEST = "GoldenResultsIT";
    /** Bound for one reduced example; a hang fails instead of blocking the build. */
    private static final long RUN_SECONDS = 600;
    /** Cases whose runs are under way together. */
    private static final int CASES_AT_ONCE = 2;

    @Inject
    BundleContext context;

    @Configuration
    public Option[] config() {
        return FabricaOptions.allFeatures(TEST);
    }

    private static Path examples() {
        return Path.of(System.getProperty("fabrica.itest.examples"));
    }

    @Test
    public void everyExampleHasAGoldenCaseAndEveryCaseAnExample() {
        List<String> examples = GoldenCase.exampleIds(examples());
        List<String> cases = new ArrayList<>();
        List<String> variantsWithoutExample = new ArrayList<>();
        for (String id : GoldenCase.caseIds(examples())) {
            if (id.equals(GoldenCase.exampleId(id))) {
                cases.add(id);
            } else if (!examples.contains(GoldenCase.exampleId(id))) {
                variantsWithoutExample.add(id);
            }
        }
        assertTrue("no examples found in " + examples(), examples.size() >= 10);
        assertEquals("examples and golden cases (write examples/<dir>/expected/<name>.golden.yaml for a new example;"
                + " see docs/golden-results.md)", examples, cases);
        assertEquals("variant cases (<name>@<variant>.golden.yaml) whose example is gone", List.of(),
                variantsWithoutExample);
    }

    @Test
    public void everyExampleReproducesItsGoldenResults() throws Exception {
        ExperimentService experiments = Services.await(context, ExperimentService.class);
        assertNotNull("experiment-runner registers no ExperimentService", experiments);
        boolean update = Boolean.getBoolean("fabrica.golden.update");
        String only = System.getProperty("fabrica.golden.only", "").trim();
        Path work = FabricaOptions.workFolder(TEST);
        Files.createDirectories(work);
        List<String> failures = new ArrayList<>();
        int ran = 0;
        // Two cases run at once (most cases have fewer points than twice the threads a case gets, so one
        // alone leaves a core idle); each has its own results folder, and they are compared in order.
        ArrayDeque<Started> running = new ArrayDeque<>();
        for (String id : GoldenCase.caseIds(examples())) {
            if (!only.isEmpty() && !selected(only, id)) {
                continue;
            }
            GoldenCase c = GoldenCase.read(examples(), id);
            Path out = work.resolve(id.replace('/', '_'));
            GoldenComparison.deleteTree(out);
            running.add(Started.start(experiments, c, out));
            ran++;
            if (running.size() == CASES_AT_ONCE) {
                finish(running.remove(), update, failures);
            }
        }
        while (!running.isEmpty()) {
            finish(running.remove(), update, failures);
        }
        assertTrue("no golden case ran" + (only.isEmpty() ? "" : " (fabrica.golden.only=" + only + " names none)"),
                ran > 0);
        assertTrue(failures.size() + " example(s) moved from their golden results:\n\n" + String.join("\n\n", failures),
                failures.isEmpty());
    }

    /** A case's run under way: when it started and when it ended (measured as it ends, not as it is awaited). */
    private record Started(GoldenCase c, Path out, RunHandle run, long start, CompletableFuture<Long> end) {
        static Started start(ExperimentService experiments, GoldenCase c, Path out) {
            long start = System.nanoTime();
            RunHandle run = experiments.start(c.exampleFile(), new RunOptions(out, false, GoldenCase.THREADS,
                    c.overrides(), false), null);
            CompletableFuture<Long> end = run.completion().toCompletableFuture().thenApply(s -> System.nanoTime());
            return new Started(c, out, run, start, end);
        }
    }

    /** Waits for one case's run and compares (or, under update, writes) its tables. */
    private static void finish(Started s, boolean update, List<String> failures) throws Exception {
        GoldenCase c = s.c();
        RunState state = s.run().completion().toCompletableFuture().get(RUN_SECONDS, TimeUnit.SECONDS);
        long end = s.end().get(RUN_SECONDS, TimeUnit.SECONDS);
        System.out.printf("golden %-36s %-9s %6.1f s%n", c.id(), state, (end - s.start()) / 1e9);
        if (state != RunState.FINISHED) {
            failures.add(c.projectPath(c.exampleFile()) + ": the reduced run ended " + state + " ("
                    + failedPoints(s.run()) + "); same run with the launcher: " + c.commandLine());
            return;
        }
        Set<String> unpinned = new LinkedHashSet<>(c.unpinned().keySet());
        unpinned.addAll(GoldenCase.NOT_PINNED.keySet());
        if (update) {
            List<String> written = GoldenComparison.writeExpected(s.out(), c.expectedDir(), unpinned);
            System.out.println("golden " + c.id() + ": wrote " + written + " to " + c.expectedDir());
            return;
        }
        List<GoldenComparison.Difference> diffs = GoldenComparison.compareFolders(c.expectedDir(), s.out(), unpinned);
        if (!diffs.isEmpty()) {
            failures.add(c.failureMessage(diffs, s.out()));
        }
    }

    private static String failedPoints(RunHandle run) {
        List<String> failed = new ArrayList<>();
        for (org.fabrica.sweep.PointResult r : run.results()) {
            if (r.failed()) {
                failed.add(r.point().pointId() + ": " + r.failure());
            }
        }
        return failed.isEmpty() ? "no point failed" : String.join("; ", failed);
    }

    /** Whether a case is among the comma-separated ids of {@code only}; {@code dir/} selects a folder's cases. */
    static boolean selected(String only, String id) {
        for (String one : only.split(",")) {
            String o = one.trim();
            if (o.equals(id) || (o.endsWith("/") && id.startsWith(o))) {
                return true;
            }
        }
        return false;
    }
}
