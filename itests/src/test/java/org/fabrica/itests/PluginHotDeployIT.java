package org.fabrica.itests;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import javax.inject.Inject;
import org.fabrica.experiment.ExperimentException;
import org.fabrica.experiment.ProviderCatalog;
import org.fabrica.experiment.ProviderInfo;
import org.fabrica.kernel.ProviderFactory;
import org.fabrica.routing.RoutingFactory;
import org.fabrica.itests.plugin.FaultyRouting;
import org.fabrica.itests.plugin.PluginJar;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.ops4j.pax.exam.Configuration;
import org.ops4j.pax.exam.Option;
import org.ops4j.pax.exam.junit.PaxExam;
import org.ops4j.pax.exam.spi.reactors.ExamReactorStrategy;
import org.ops4j.pax.exam.spi.reactors.PerClass;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceReference;

/**
 * docs/architecture.md, "Hot swap and provider failures": a plugin bundle dropped into the plugins
 * folder is installed and started
 * (FileInstall), its provider can be found by name; deleting the file uninstalls it and the name is gone.
 */
@RunWith(PaxExam.class)
@ExamReactorStrategy(PerClass.class)
public class PluginHotDeployIT {
    private static final String TEST = "PluginHotDeployIT";
    private static final String FILTER = "(" + ProviderFactory.NAME_PROPERTY + "=" + FaultyRouting.NAME + ")";

    @Inject
    BundleContext context;

    @Configuration
    public Option[] config() {
        return FabricaOptions.features(TEST, "core", "torus");
    }

    @Test
    public void aDroppedPluginIsFoundByNameAndADeletedOneIsGone() throws Exception {
        Path jar = FabricaOptions.pluginsFolder(TEST).resolve("faulty-routing.jar");
        Files.deleteIfExists(jar);
        assertTrue("no itest-faulty routing before the drop", Services.references(context, RoutingFactory.class, FILTER).isEmpty());

        PluginJar.write(jar);
        assertTrue("the dropped plugin registers its routing factory",
                Services.await(() -> !Services.references(context, RoutingFactory.class, FILTER).isEmpty()));
        ServiceReference<?> ref = Services.references(context, RoutingFactory.class, FILTER).get(0);
        assertEquals(FaultyRouting.BUNDLE, ref.getBundle().getSymbolicName());
        assertEquals(Bundle.ACTIVE, ref.getBundle().getState());
        ProviderCatalog catalog = catalogIfRunnerBuilt();
        if (catalog != null) {
            ProviderCatalog c = catalog;
            assertTrue("the catalogue resolves the plugin by name", Services.await(() -> found(c)));
            ProviderInfo info = catalog.find("routing", FaultyRouting.NAME);
            assertEquals(FaultyRouting.BUNDLE, info.bundle());
            assertEquals("1.0.0", info.version());
        }

        Files.delete(jar);
        assertTrue("the deleted plugin's routing factory is unregistered",
                Services.await(() -> Services.references(context, RoutingFactory.class, FILTER).isEmpty()));
        assertTrue("the deleted plugin's bundle is uninstalled", Services.await(() -> bundle(FaultyRouting.BUNDLE) == null));
        if (catalog != null) {
            ProviderCatalog c = catalog;
            assertTrue("the catalogue no longer knows the name", Services.await(() -> !found(c)));
        }
    }

    /**
     * The plugin template's own bundle (examples/plugin-template, built by the reactor),
     * dropped into plugins/, makes its algorithm resolvable by name with its Metatype parameters;
     * deleting the file removes it.
     */
    @Test
    public void theTemplatePluginIsResolvableByNameWhileItsJarIsInPlugins() throws Exception {
        Path template = Path.of(System.getProperty("fabrica.itest.template"));
        assertTrue("the template's jar was built: " + template, Files.isRegularFile(template));
        ProviderCatalog catalog = catalogIfRunnerBuilt();
        assertNotNull("the experiment runner's catalogue is running", catalog);
        String filter = "(" + ProviderFactory.NAME_PROPERTY + "=west-first)";
        assertTrue("no west-first before the drop", Services.references(context, RoutingFactory.class, filter).isEmpty());

        Path jar = FabricaOptions.pluginsFolder(TEST).resolve("west-first-routing.jar");
        Files.copy(template, jar, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        assertTrue("the catalogue resolves west-first", Services.await(() -> hasRouting(catalog, "west-first")));
        ProviderInfo info = catalog.find("routing", "west-first");
        assertEquals("org.example.fabrica.westfirst", info.bundle());
        assertTrue("its parameters come from its Metatype definition: " + info.schema().names(),
                info.schema().parameter("preference") != null
                        && !info.schema().parameter("preference").description().isEmpty());

        Files.delete(jar);
        assertTrue("deleting the jar removes west-first", Services.await(() -> !hasRouting(catalog, "west-first")));
    }

    private static boolean hasRouting(ProviderCatalog catalog, String name) {
        try {
            catalog.find("routing", name);
            return true;
        } catch (ExperimentException e) {
            return false;
        }
    }

    /** The catalogue comes with experiment-runner; until that bundle is built the registry check stands alone. */
    private ProviderCatalog catalogIfRunnerBuilt() throws InterruptedException {
        if (!FabricaOptions.builtFabricaBundles().contains("org.fabrica.experiment.runner")) {
            return null;
        }
        ProviderCatalog catalog = Services.await(context, ProviderCatalog.class);
        assertNotNull("experiment-runner is built but registers no ProviderCatalog", catalog);
        return catalog;
    }

    private static boolean found(ProviderCatalog catalog) {
        try {
            return FaultyRouting.BUNDLE.equals(catalog.find("routing", FaultyRouting.NAME).bundle());
        } catch (ExperimentException notThere) {
            return false;
        }
    }

    private Bundle bundle(String bsn) {
        for (Bundle b : context.getBundles()) {
            if (bsn.equals(b.getSymbolicName())) {
                return b;
            }
        }
        return null;
    }
}
