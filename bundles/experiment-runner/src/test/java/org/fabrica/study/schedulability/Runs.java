package org.fabrica.study.schedulability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.fabrica.experiment.ExperimentException;
import org.fabrica.experiment.RunHandle;
import org.fabrica.experiment.RunOptions;
import org.fabrica.experiment.RunState;
import org.fabrica.experiment.file.ExperimentDocument;
import org.fabrica.experiment.plan.ExperimentSpec;
import org.fabrica.experiment.plan.SweepPlan;
import org.fabrica.experiment.runner.ClasspathProviders;
import org.fabrica.experiment.runner.ExperimentRunner;
import org.fabrica.experiment.runner.ProviderRegistry;
import org.fabrica.experiment.study.StudyPlan;
import org.fabrica.experiment.study.StudySpec;
import org.fabrica.sweep.PointResult;

/**
 * The mode of bundle study-schedulability run as a user runs it: by the experiment runner outside a
 * framework, with the providers and modes of the class path found as Declarative Services would
 * find them (the mode takes the runner's ComputedStudies). These end-to-end tests live in the
 * runner's module, which has every mode on its test class path (its user-guide test documents them
 * all); they are in the mode's package to reach its package-private parts.
 */
final class Runs {
    private Runs() {
    }

    /** A steady-mode file (4 x 4 torus), for the keys of this mode given in a file of another. */
    static final String STEADY = """
            name: tiny
            topology: {name: torus, k: 4, n: 2}
            hardware: {name: generic, vcs: 2, bufferFlits: 8}
            traffic:
              packetFlits: 4
              patterns: [uniform]
            schemes:
              - {label: dor, routing: {name: dor, dateline: classic}, queuing: {name: dateline}}
            loads: [0.05]
            """;

    private static ProviderRegistry registry;

    static synchronized ProviderRegistry registry() {
        if (registry == null) {
            registry = ClasspathProviders.registry();
        }
        return registry;
    }

    static ExperimentRunner runner() {
        return new ExperimentRunner(registry());
    }

    /** The file read as the runner reads it (its mode found among the class path's). */
    static StudySpec spec(String yaml) {
        return ExperimentSpec.parse(ExperimentDocument.parse("s.yaml", yaml, Map.of()), registry().studies());
    }

    /** The file read and resolved. */
    static StudyPlan plan(String yaml) {
        ExperimentDocument doc = ExperimentDocument.parse("s.yaml", yaml, Map.of());
        return SweepPlan.resolve(doc, ExperimentSpec.parse(doc, registry().studies()), registry());
    }

    /** The message with which the runner refuses {@code yaml}; asserts that nothing was written. */
    static String refused(Path dir, String yaml) {
        Path file = write(dir, "bad.yaml", yaml);
        Path out = dir.resolve("out");
        ExperimentException e = assertThrows(ExperimentException.class,
                () -> runner().validate(file, new RunOptions(out, false, 1, Map.of(), false)));
        assertFalse(Files.exists(out));
        return e.getMessage();
    }

    /** Runs {@code yaml} to its end (results in {@code dir/name}, two threads) and returns its points. */
    static RunHandle finished(Path dir, String name, String yaml, int threads) {
        RunHandle h = runner().start(write(dir, name + ".yaml", yaml), new RunOptions(dir.resolve(name), false, threads,
                Map.of(), false), null);
        assertEquals(RunState.FINISHED, await(h));
        return h;
    }

    static List<PointResult> run(Path dir, String name, String yaml) {
        return finished(dir, name, yaml, 2).results();
    }

    /** Waits for a run to end; the bound guards against hangs, it is not a timing assertion. */
    static RunState await(RunHandle h) {
        try {
            return h.completion().toCompletableFuture().get(10, TimeUnit.MINUTES);
        } catch (InterruptedException | ExecutionException | TimeoutException e) {
            h.stop();
            throw new AssertionError("run did not end: " + e, e);
        }
    }

    /** {@code yaml} with {@code from} replaced by {@code to}; asserts that {@code from} occurs. */
    static String with(String yaml, String from, String to) {
        assertTrue(yaml.contains(from), from);
        return yaml.replace(from, to);
    }

    static Path write(Path dir, String name, String text) {
        try {
            Path p = dir.resolve(name);
            Files.writeString(p, text);
            return p;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static void assertContains(String text, String part) {
        assertTrue(text.contains(part), "expected to contain: " + part + "\nbut was: " + text);
    }
}
