package org.fabrica.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FeatureCatalogTest {

    /** The repository's own descriptors, which the launcher jar carries. */
    private static final Path FEATURES = Path.of("..", "features");

    @TempDir
    Path dir;

    @Test
    void theRepositoryFeaturesParseAndSplitAsDesigned() throws LaunchException {
        FeatureCatalog catalog = FeatureCatalog.load(FEATURES);
        Feature core = catalog.all().get("core");
        Feature torus = catalog.all().get("torus");
        // docs/architecture.md, "Features": core = infrastructure + APIs + kernel + network + experiment
        // + sweep + shell + stats, and the chart library the runner imports.
        for (String bsn : List.of("org.apache.felix.scr", "org.apache.felix.fileinstall", "org.apache.felix.gogo.jline",
                "org.fabrica.params", "org.fabrica.plot", "org.fabrica.routing", "org.fabrica.experiment",
                "org.fabrica.kernel.sequential", "org.fabrica.network.flit", "org.fabrica.experiment.runner",
                "org.fabrica.experiment.results", "org.fabrica.experiment.report",
                "org.fabrica.sweep.local", "org.fabrica.stats.collectors", Launcher.SHELL_BUNDLE)) {
            assertTrue(core.bundles().contains(bsn), "core lacks " + bsn);
        }
        assertEquals(List.of("org.fabrica.topology.cube", "org.fabrica.routing.cube", "org.fabrica.queuing.basic",
                "org.fabrica.throttle.none", "org.fabrica.hardware.generic", "org.fabrica.traffic.synthetic"), torus.bundles());
        for (Feature f : catalog.all().values()) {
            assertEquals(f.bundles().size(), f.bundles().stream().distinct().count(), f.name() + " names a bundle twice");
        }
    }

    @Test
    void noNamesSelectsEveryFeatureAndNamesKeepTheirOrder() throws IOException, LaunchException {
        write("a", "{\"bundles\": [\"x\"]}");
        write("b", "{\"bundles\": [\"y\"], \"description\": \"B\"}");
        FeatureCatalog catalog = FeatureCatalog.load(dir);
        assertEquals(List.of("a", "b"), catalog.select(List.of()).stream().map(Feature::name).toList());
        assertEquals(List.of("b", "a"), catalog.select(List.of("b", "a")).stream().map(Feature::name).toList());
        assertEquals("B", catalog.all().get("b").description());
    }

    @Test
    void aFeatureStartedOnRequestIsLeftOutOfEveryFeatureUntilNamedOrAskedFor() throws IOException, LaunchException {
        write("a", "{\"bundles\": [\"x\"]}");
        write("web", "{\"bundles\": [\"w\"], \"onRequest\": true}");
        FeatureCatalog catalog = FeatureCatalog.load(dir);
        assertEquals(List.of("a"), catalog.select(List.of()).stream().map(Feature::name).toList());
        assertEquals(List.of("a", "web"), catalog.select(List.of(), List.of("web")).stream().map(Feature::name).toList());
        assertEquals(List.of("web"), catalog.select(List.of("web"), List.of("web")).stream().map(Feature::name).toList());
        write("bad", "{\"bundles\": [\"w\"], \"onRequest\": \"yes\"}");
        LaunchException e = assertThrows(LaunchException.class, () -> FeatureCatalog.load(dir));
        assertTrue(e.getMessage().contains("onRequest"), e.getMessage());
        assertTrue(FeatureCatalog.load(FEATURES).all().get("web").onRequest(), "the repository's web feature");
    }

    @Test
    void membershipTellsTheFrameworkWhichFeatureStartsWhichBundle() throws IOException, LaunchException {
        // read by the experiment runner (DormantProviders) to name the feature a missing provider needs
        write("torus", "{\"bundles\": [\"org.fabrica.topology.cube\", \"org.fabrica.routing.cube\"]}");
        write("core", "{\"bundles\": [\"org.fabrica.shell\"]}");
        assertEquals("core:org.fabrica.shell;torus:org.fabrica.topology.cube,org.fabrica.routing.cube",
                FeatureCatalog.load(dir).membership());
    }

    @Test
    void anUnknownFeatureIsBadInputListingTheKnownOnesAndTheClosest() throws IOException, LaunchException {
        write("core", "{\"bundles\": []}");
        write("torus", "{\"bundles\": []}");
        LaunchException e = assertThrows(LaunchException.class, () -> FeatureCatalog.load(dir).select(List.of("core", "toru")));
        assertEquals(ExitCodes.BAD_INPUT, e.exitCode());
        assertEquals("unknown feature 'toru' (did you mean 'torus'?); known features: core, torus", e.getMessage());
    }

    @Test
    void propertiesMergeAndConflictsAreRefused() throws IOException, LaunchException {
        write("a", "{\"bundles\": [], \"properties\": {\"k\": \"1\", \"same\": \"s\"}}");
        write("b", "{\"bundles\": [], \"properties\": {\"k2\": 2, \"same\": \"s\"}}");
        write("c", "{\"bundles\": [], \"properties\": {\"k\": \"other\"}}");
        FeatureCatalog catalog = FeatureCatalog.load(dir);
        assertEquals(Map.of("k", "1", "k2", "2", "same", "s"), FeatureCatalog.properties(catalog.select(List.of("a", "b"))));
        LaunchException e = assertThrows(LaunchException.class, () -> FeatureCatalog.properties(catalog.select(List.of("a", "c"))));
        assertTrue(e.getMessage().contains("property k"), e.getMessage());
    }

    @Test
    void malformedDescriptorsNameTheFileAndTheProblem() throws IOException {
        Path bad = write("bad", "{\"bundle\": [\"x\"]}");
        LaunchException e = assertThrows(LaunchException.class, () -> FeatureCatalog.read(bad));
        assertTrue(e.getMessage().contains(bad.toString()) && e.getMessage().contains("unknown member \"bundle\""), e.getMessage());
        Path notList = write("notlist", "{\"bundles\": \"x\"}");
        assertThrows(LaunchException.class, () -> FeatureCatalog.read(notList));
        Path broken = write("broken", "{\"bundles\": [\"x\"");
        assertThrows(LaunchException.class, () -> FeatureCatalog.read(broken));
    }

    @Test
    void aMissingOrEmptyFolderIsReported() throws IOException {
        assertThrows(LaunchException.class, () -> FeatureCatalog.load(dir.resolve("none")));
        Files.writeString(dir.resolve("readme.txt"), "not a feature");
        assertThrows(LaunchException.class, () -> FeatureCatalog.load(dir));
    }

    private Path write(String name, String json) throws IOException {
        Path file = dir.resolve(name + ".json");
        Files.writeString(file, json);
        return file;
    }
}
