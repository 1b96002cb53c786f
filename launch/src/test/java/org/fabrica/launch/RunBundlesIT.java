package org.fabrica.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.jar.JarFile;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The exported run bundles, the bundle modules and the features agree: every bundle module with code
 * runs in the launcher, and every Fabrica run bundle belongs to a feature (else it would be installed
 * but never started).
 */
class RunBundlesIT {
    private static final Path EXPORT = Path.of("target", "export", "fabrica");
    private static final Path BUNDLES = Path.of("..", "bundles");
    /**
     * Bundle modules with code that are deliberately not run bundles: test-support holds test
     * fixtures that other modules use at test scope only, so the launcher must not run it;
     * traffic-schedule (schedule playback) registers no service yet: the experiment runner
     * has no way to reach it until a plan-playback factory API exists, so running it would add a
     * bundle that does nothing. Remove it from this set when it registers its factory.
     */
    private static final Set<String> NOT_RUN = Set.of("test-support");

    @Test
    void everyBundleModuleWithCodeIsARunBundle() throws IOException {
        Set<String> run = runBundles();
        List<String> missing = new ArrayList<>();
        Matcher m = Pattern.compile("<module>([^<]+)</module>").matcher(Files.readString(BUNDLES.resolve("pom.xml")));
        while (m.find()) {
            String module = m.group(1).trim();
            if (!NOT_RUN.contains(module) && hasCode(BUNDLES.resolve(module))
                    && !run.contains("org.fabrica." + module.replace('-', '.'))) {
                missing.add(module);
            }
        }
        assertEquals(List.of(), missing, "bundle modules with code that launch/fabrica.bndrun does not run: add them to "
                + "-runrequires (and launch/pom.xml), then mvn -pl launch bnd-resolver:resolve");
        for (String module : NOT_RUN) {
            assertFalse(run.contains("org.fabrica." + module.replace('-', '.')), module + " is listed in NOT_RUN, so it must not be a run bundle");
        }
    }

    @Test
    void everyFabricaRunBundleBelongsToAFeature() throws IOException, LaunchException {
        Set<String> featured = new TreeSet<>();
        for (Feature f : FeatureCatalog.load(Path.of("target", "features")).all().values()) {
            featured.addAll(f.bundles());
        }
        Set<String> orphans = new TreeSet<>();
        for (String bsn : runBundles()) {
            if (bsn.startsWith("org.fabrica.") && !featured.contains(bsn)) {
                orphans.add(bsn);
            }
        }
        assertEquals(Set.of(), orphans, "Fabrica run bundles that no feature (features/*.json) starts");
    }

    @Test
    void theRunBundlesIncludeTheInfrastructureTheLauncherConfigures() throws IOException {
        Set<String> run = runBundles();
        for (String bsn : List.of("org.apache.felix.scr", "org.apache.felix.fileinstall", "org.apache.felix.gogo.jline",
                "org.apache.felix.configadmin", "org.apache.felix.metatype", Launcher.SHELL_BUNDLE)) {
            assertTrue(run.contains(bsn), bsn + " is not a run bundle");
        }
    }

    private static boolean hasCode(Path module) throws IOException {
        Path src = module.resolve("src").resolve("main").resolve("java");
        if (!Files.isDirectory(src)) {
            return false;
        }
        try (Stream<Path> files = Files.walk(src)) {
            return files.anyMatch(f -> f.toString().endsWith(".java") && !f.getFileName().toString().equals("package-info.java"));
        }
    }

    private static Set<String> runBundles() throws IOException {
        Set<String> names = new TreeSet<>();
        try (Stream<Path> jars = Files.list(EXPORT)) {
            for (Path jar : (Iterable<Path>) jars.filter(j -> j.toString().endsWith(".jar"))::iterator) {
                try (JarFile jf = new JarFile(jar.toFile())) {
                    String bsn = jf.getManifest().getMainAttributes().getValue("Bundle-SymbolicName");
                    if (bsn != null) {
                        names.add(bsn.split(";")[0].trim());
                    }
                }
            }
        }
        return names;
    }
}
