package org.fabrica.itests;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import javax.inject.Inject;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.ops4j.pax.exam.Configuration;
import org.ops4j.pax.exam.Option;
import org.ops4j.pax.exam.junit.PaxExam;
import org.ops4j.pax.exam.spi.reactors.ExamReactorStrategy;
import org.ops4j.pax.exam.spi.reactors.PerClass;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;

/** The framework boots with the core and torus features as the launcher starts them. */
@RunWith(PaxExam.class)
@ExamReactorStrategy(PerClass.class)
public class FrameworkBootIT {
    /** Every concept API and the parameter library: the contract bundles that must always be there. */
    static final List<String> API_BUNDLES = List.of("org.fabrica.params", "org.fabrica.kernel", "org.fabrica.topology",
            "org.fabrica.routing", "org.fabrica.queuing", "org.fabrica.throttle", "org.fabrica.router", "org.fabrica.hardware",
            "org.fabrica.traffic", "org.fabrica.stats", "org.fabrica.network", "org.fabrica.sweep",
            "org.fabrica.experiment", "org.fabrica.scheduler");

    @Inject
    BundleContext context;

    @Configuration
    public Option[] config() {
        return FabricaOptions.features("FrameworkBootIT", "core", "torus");
    }

    @Test
    public void everyFabricaBundleIsActive() throws InterruptedException {
        // Bundles start in order of start level; wait for the last ones rather than race them.
        Services.await(() -> notActive().isEmpty());
        assertEquals("Fabrica bundles that are not ACTIVE", List.of(), notActive());
    }

    @Test
    public void everyApiBundleAndEveryBuiltFeatureBundleIsInTheFramework() {
        Set<String> installed = new TreeSet<>();
        for (Bundle b : context.getBundles()) {
            installed.add(b.getSymbolicName());
        }
        for (String api : API_BUNDLES) {
            assertTrue(api + " is not in the framework", installed.contains(api));
        }
        // Infrastructure the launcher relies on: DS, FileInstall, Gogo, configuration, metatype.
        for (String infra : List.of("org.apache.felix.scr", "org.apache.felix.fileinstall", "org.apache.felix.gogo.runtime",
                "org.apache.felix.configadmin", "org.apache.felix.metatype")) {
            assertTrue(infra + " is not in the framework", installed.contains(infra));
        }
        List<String> missing = new ArrayList<>();
        Set<String> built = FabricaOptions.builtFabricaBundles();
        for (String feature : List.of("core", "torus")) {
            for (String bsn : FabricaOptions.featureBundles(feature)) {
                if (built.contains(bsn) && !installed.contains(bsn)) {
                    missing.add(bsn);
                }
            }
        }
        assertEquals("built bundles of core and torus missing from the framework", List.of(), missing);
    }

    private List<String> notActive() {
        List<String> list = new ArrayList<>();
        for (Bundle b : context.getBundles()) {
            if (b.getSymbolicName().startsWith("org.fabrica.") && !b.getSymbolicName().startsWith("org.fabrica.itests")
                    && b.getState() != Bundle.ACTIVE) {
                list.add(b.getSymbolicName() + " (state " + b.getState() + ")");
            }
        }
        return list;
    }
}
