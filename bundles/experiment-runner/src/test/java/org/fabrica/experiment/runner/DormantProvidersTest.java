package org.fabrica.experiment.runner;

import static org.fabrica.experiment.runner.Fixtures.assertContains;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Hashtable;
import java.util.List;
import java.util.Map;
import org.fabrica.experiment.ExperimentException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleException;
import org.osgi.framework.FrameworkUtil;
import org.osgi.framework.wiring.FrameworkWiring;

/**
 * {@code ./fabrica --features core run examples/quickstart.yaml}: the torus bundles are installed but
 * not started. The experiment is refused naming the bundle and the feature to add, not as "unknown topology".
 */
class DormantProvidersTest {
    /** As bnd writes it into org.fabrica.topology.cube. */
    static final String TORUS_XML = """
            <?xml version="1.0" encoding="UTF-8"?>
            <scr:component xmlns:scr="http://www.osgi.org/xmlns/scr/v1.3.0" name="org.fabrica.topology.cube.TorusFactory">
              <property name="fabrica.name" type="String" value="torus"/>
              <property name="fabrica.description" type="String" value="k-ary n-cube with wrap-around links (torus)"/>
              <service>
                <provide interface="org.fabrica.topology.TopologyFactory"/>
              </service>
              <implementation class="org.fabrica.topology.cube.TorusFactory"/>
            </scr:component>
            """;
    static final String MEMBERSHIP = "core:org.fabrica.shell,org.fabrica.experiment.runner;"
            + "spth:org.fabrica.throttle.spth,org.fabrica.topology.cube;torus:org.fabrica.topology.cube,org.fabrica.routing.cube";

    /** What Felix 7 says when the torus bundle's import of the topology API cannot be satisfied. */
    static final String FELIX_UNRESOLVED = "Unable to resolve org.fabrica.topology.cube [17](R 17.0): missing requirement "
            + "[org.fabrica.topology.cube [17](R 17.0)] osgi.wiring.package; (&(osgi.wiring.package=org.fabrica.topology)"
            + "(version>=9.0.0)(!(version>=10.0.0))) Unresolved requirements: [[org.fabrica.topology.cube [17](R 17.0)] "
            + "osgi.wiring.package; (&(osgi.wiring.package=org.fabrica.topology)(version>=9.0.0)(!(version>=10.0.0)))]";

    @TempDir
    Path dir;

    /** A framework whose only bundle is the torus bundle, in the given state. */
    private BundleContext framework(int state, String selected) throws IOException {
        Path xml = dir.resolve("TorusFactory.xml");
        Files.writeString(xml, TORUS_XML);
        Hashtable<String, String> headers = new Hashtable<>();
        headers.put("Service-Component", "OSGI-INF/org.fabrica.topology.cube.TorusFactory.xml");
        Bundle bundle = (Bundle) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {Bundle.class},
                (proxy, method, args) -> switch (method.getName()) {
                    case "getState" -> state;
                    case "getSymbolicName" -> "org.fabrica.topology.cube";
                    case "getBundleId" -> 17L;
                    case "start" -> throw new BundleException(FELIX_UNRESOLVED);
                    case "getHeaders" -> headers;
                    case "getEntry" -> headers.get("Service-Component").equals(args[0]) ? xml.toUri().toURL() : null;
                    default -> null;
                });
        Map<String, String> properties = Map.of(DormantProviders.FEATURES_PROPERTY, MEMBERSHIP,
                DormantProviders.SELECTED_FEATURES_PROPERTY, selected);
        FrameworkWiring wiring = (FrameworkWiring) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {FrameworkWiring.class}, (proxy, method, args) -> method.getName().equals("resolveBundles")
                        ? Boolean.FALSE : null);
        Bundle system = (Bundle) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {Bundle.class},
                (proxy, method, args) -> method.getName().equals("adapt") ? wiring : null);
        return (BundleContext) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {BundleContext.class},
                (proxy, method, args) -> switch (method.getName()) {
                    case "getBundles" -> new Bundle[] {bundle};
                    case "createFilter" -> FrameworkUtil.createFilter((String) args[0]);
                    case "getBundle" -> system;
                    case "getProperty" -> properties.get((String) args[0]);
                    default -> null;
                });
    }

    @Test
    void aProviderOfAFeatureNotStartedNamesTheBundleAndTheFeatureToAdd() throws IOException {
        ProviderRegistry registry = new ProviderRegistry();
        registry.activate(framework(Bundle.RESOLVED, "core"));
        ExperimentException e = assertThrows(ExperimentException.class, () -> registry.resolve("topology", "torus"));
        assertContains(e.getMessage(), "topology 'torus' is provided by bundle org.fabrica.topology.cube, which is "
                + "installed but not started: it belongs to feature spth or torus (features/spth.json), and this launcher "
                + "was started with --features core; add it, e.g. ./fabrica --features core,spth ...");
        assertContains(e.getMessage(), "or leave out --features to start every feature");
    }

    @Test
    void aNameNoBundleProvidesIsStillUnknownWithSuggestions() throws IOException {
        ProviderRegistry registry = new ProviderRegistry();
        registry.activate(framework(Bundle.RESOLVED, "core"));
        ExperimentException e = assertThrows(ExperimentException.class, () -> registry.resolve("topology", "tours"));
        assertContains(e.getMessage(), "unknown topology 'tours'");
        // the torus bundle provides a topology, not a routing
        e = assertThrows(ExperimentException.class, () -> registry.resolve("routing", "torus"));
        assertContains(e.getMessage(), "unknown routing 'torus'");
    }

    @Test
    void anUnresolvedBundleOfAStartedFeatureSaysHowToFindTheMissingImport() throws IOException {
        ProviderRegistry registry = new ProviderRegistry();
        registry.activate(framework(Bundle.INSTALLED, ""));
        ExperimentException e = assertThrows(ExperimentException.class, () -> registry.resolve("topology", "torus"));
        assertContains(e.getMessage(), "topology 'torus' is provided by bundle org.fabrica.topology.cube, which is "
                + "installed but not started: it cannot be resolved: it imports package org.fabrica.topology version "
                + "[9.0.0,10.0.0), which no installed bundle exports (bundle 17 in ./fabrica shell)");
    }

    @Test
    void componentDescriptionsAreReadAsDeclarativeServicesReadsThem() throws IOException {
        assertEquals(Map.of("org.fabrica.topology.TopologyFactory", List.of("torus")),
                DormantProviders.componentsOf(new ByteArrayInputStream(TORUS_XML.strip().getBytes(StandardCharsets.UTF_8))));
        assertEquals(List.of("spth", "torus"), DormantProviders.featuresOf("org.fabrica.topology.cube", MEMBERSHIP));
    }
}
