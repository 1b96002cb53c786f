package org.fabrica.itests;

import static org.ops4j.pax.exam.CoreOptions.bundle;
import static org.ops4j.pax.exam.CoreOptions.cleanCaches;
import static org.ops4j.pax.exam.CoreOptions.frameworkProperty;
import static org.ops4j.pax.exam.CoreOptions.junitBundles;
import static org.ops4j.pax.exam.CoreOptions.workingDirectory;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import org.ops4j.pax.exam.Option;

/**
 * Pax Exam configuration for a framework assembled from Fabrica features, as the launcher does: the
 * bundles the features name (features/*.json) taken from target/bundles, their framework properties,
 * and the launcher's FileInstall settings on a drop-in folder of the test's own.
 *
 * <p>Runs in the test driver (failsafe JVM), never inside the framework.
 */
public final class FabricaOptions {
    /** The interactive shell (JLine); the launcher starts it only for {@code ./fabrica shell}. */
    private static final String PROMPT_BUNDLE = "org.apache.felix.gogo.jline";

    private FabricaOptions() {
    }

    /**
     * Options for a framework running {@code featureNames}. Bundles of modules that have no classes yet
     * (providers being written) are left out, as the launcher leaves them out of its run bundles.
     */
    public static Option[] features(String testName, String... featureNames) {
        Map<String, Path> bundles = bundlesBySymbolicName(Path.of(required("fabrica.itest.bundles")));
        List<Option> options = new ArrayList<>();
        options.add(junitBundles());
        options.add(cleanCaches(true));
        Path work = workFolder(testName);
        options.add(workingDirectory(work.resolve("paxexam").toString()));
        options.add(frameworkProperty("felix.fileinstall.dir").value(pluginsFolder(testName).toString()));
        options.add(frameworkProperty("felix.fileinstall.poll").value("500"));
        options.add(frameworkProperty("felix.fileinstall.noInitialDelay").value("true"));
        options.add(frameworkProperty("felix.fileinstall.log.default").value("jul"));
        options.add(frameworkProperty("felix.fileinstall.filter").value(".*\\.(jar|cfg|config)"));
        Set<String> provisioned = new LinkedHashSet<>();
        for (String featureName : featureNames) {
            JsonNode feature = readFeature(featureName);
            for (Map.Entry<String, JsonNode> e : feature.path("properties").properties()) {
                options.add(frameworkProperty(e.getKey()).value(e.getValue().asText()));
            }
            for (JsonNode bsn : feature.path("bundles")) {
                if (PROMPT_BUNDLE.equals(bsn.asText())) {
                    continue; // as the launcher outside `shell`: no prompt, and the test JVM keeps its terminal signals
                }
                Path jar = bundles.get(bsn.asText());
                if (jar != null && provisioned.add(bsn.asText())) {
                    options.add(bundle(jar.toUri().toString()));
                }
            }
        }
        return options.toArray(new Option[0]);
    }

    /**
     * Options for a framework running every feature (features/*.json) but those started on request
     * ({@code "onRequest": true}, e.g. the web console), as {@code ./fabrica} does by default.
     */
    public static Option[] allFeatures(String testName) {
        List<String> names = new ArrayList<>();
        try (Stream<Path> files = Files.list(Path.of(required("fabrica.itest.features")))) {
            files.map(f -> f.getFileName().toString()).filter(n -> n.endsWith(".json")).sorted()
                    .map(n -> n.substring(0, n.length() - ".json".length()))
                    .filter(n -> !readFeature(n).path("onRequest").asBoolean(false)).forEach(names::add);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return features(testName, names.toArray(new String[0]));
    }

    /** The drop-in folder FileInstall watches in the framework of {@code testName}. */
    public static Path pluginsFolder(String testName) {
        Path dir = workFolder(testName).resolve("plugins");
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return dir;
    }

    /** A scratch folder for one test class (under target/itest-work). */
    public static Path workFolder(String testName) {
        return Path.of(required("fabrica.itest.work")).resolve(testName).toAbsolutePath();
    }

    /** Bundle symbolic names named by a feature descriptor. */
    public static List<String> featureBundles(String featureName) {
        List<String> names = new ArrayList<>();
        readFeature(featureName).path("bundles").forEach(b -> names.add(b.asText()));
        return names;
    }

    /** Symbolic names of the Fabrica bundles that were built with classes (providers in progress have none). */
    public static Set<String> builtFabricaBundles() {
        Set<String> names = new LinkedHashSet<>();
        for (String bsn : bundlesBySymbolicName(Path.of(required("fabrica.itest.bundles"))).keySet()) {
            if (bsn.startsWith("org.fabrica.")) {
                names.add(bsn);
            }
        }
        return names;
    }

    private static JsonNode readFeature(String name) {
        Path file = Path.of(required("fabrica.itest.features")).resolve(name + ".json");
        try {
            return new ObjectMapper().readTree(file.toFile());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read feature " + file, e);
        }
    }

    private static Map<String, Path> bundlesBySymbolicName(Path dir) {
        Map<String, Path> bundles = new TreeMap<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Iterator<Path> it = files.filter(f -> f.toString().endsWith(".jar")).sorted().iterator(); it.hasNext();) {
                Path jar = it.next();
                try (JarFile jf = new JarFile(jar.toFile())) {
                    String bsn = jf.getManifest() == null ? null : jf.getManifest().getMainAttributes().getValue("Bundle-SymbolicName");
                    boolean hasClasses = jf.stream().anyMatch(e -> e.getName().endsWith(".class"));
                    if (bsn != null && hasClasses) {
                        bundles.put(bsn.split(";")[0].trim(), jar);
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list the runtime bundles in " + dir, e);
        }
        return bundles;
    }

    private static String required(String property) {
        String value = System.getProperty(property);
        if (value == null) {
            throw new IllegalStateException("system property " + property + " is not set: run the itests through Maven (mvn verify)");
        }
        return value;
    }
}
