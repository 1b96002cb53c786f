package org.fabrica.itests;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.inject.Inject;
import org.fabrica.hardware.HardwareFactory;
import org.fabrica.kernel.KernelFactory;
import org.fabrica.kernel.ProviderFactory;
import org.fabrica.mapping.MappingFactory;
import org.fabrica.network.NetworkModelFactory;
import org.fabrica.params.Parameters;
import org.fabrica.queuing.QueuingFactory;
import org.fabrica.router.AllocatorFactory;
import org.fabrica.routing.RoutingFactory;
import org.fabrica.scheduler.SchedulerFactory;
import org.fabrica.stats.StatisticsCollectorFactory;
import org.fabrica.sweep.SweepExecutor;
import org.fabrica.throttle.ThrottleFactory;
import org.fabrica.topology.TopologyFactory;
import org.fabrica.traffic.InjectionProcessFactory;
import org.fabrica.traffic.TrafficPatternFactory;
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
 * Every concept has its providers registered by {@code fabrica.name} (docs/architecture.md, "How a provider is
 * found and configured"): with every feature started, each provider bundle
 * ({@code org.fabrica.<concept>.<family>}) registers its concept's service with a name and a
 * description, and every provider's parameter type binds its defaults.
 */
@RunWith(PaxExam.class)
@ExamReactorStrategy(PerClass.class)
public class ProviderRegistrationIT {
    /** The services through which each concept's providers are found. */
    static final Map<String, List<Class<?>>> CONCEPTS = Map.ofEntries(
            Map.entry("kernel", List.of(KernelFactory.class)),
            Map.entry("network", List.of(NetworkModelFactory.class)),
            Map.entry("topology", List.of(TopologyFactory.class)),
            Map.entry("routing", List.of(RoutingFactory.class)),
            Map.entry("queuing", List.of(QueuingFactory.class)),
            Map.entry("throttle", List.of(ThrottleFactory.class)),
            Map.entry("hardware", List.of(HardwareFactory.class)),
            Map.entry("router", List.of(AllocatorFactory.class)),
            Map.entry("traffic", List.of(TrafficPatternFactory.class, InjectionProcessFactory.class)),
            Map.entry("scheduler", List.of(SchedulerFactory.class)),
            Map.entry("mapping", List.of(MappingFactory.class)),
            Map.entry("stats", List.of(StatisticsCollectorFactory.class)),
            Map.entry("sweep", List.of(SweepExecutor.class)));

    /**
     * Bundles named like providers that are libraries (exported packages, no factory services):
     * schedule playback, which mode m2n (bundle study-m2n) drives per point, trace replay,
     * which mode trace (bundle study-trace) drives, multi-rail networks, which the runner builds for any
     * topology, the collective workloads beside a steady load, which mode steady (bundle study-load)
     * drives, and the parts both network models use alike.
     */
    static final Set<String> LIBRARIES = Set.of("org.fabrica.traffic.schedule", "org.fabrica.traffic.trace",
            "org.fabrica.topology.rails", "org.fabrica.collective.load", "org.fabrica.network.parts");

    /** The providers of the core and torus features: they must be there once built. */
    static final List<String> CORE_AND_TORUS_PROVIDERS = List.of("org.fabrica.kernel.sequential",
            "org.fabrica.network.flit", "org.fabrica.topology.cube", "org.fabrica.routing.cube",
            "org.fabrica.queuing.basic", "org.fabrica.throttle.none", "org.fabrica.hardware.generic",
            "org.fabrica.traffic.synthetic", "org.fabrica.sweep.local", "org.fabrica.router.allocators",
            "org.fabrica.stats.collectors", "org.fabrica.mapping.basic");

    @Inject
    BundleContext context;

    @Configuration
    public Option[] config() {
        return FabricaOptions.allFeatures("ProviderRegistrationIT");
    }

    @Test
    public void everyProviderBundleRegistersItsConceptByName() throws InterruptedException {
        List<String> problems = new ArrayList<>();
        Set<String> checked = new HashSet<>();
        for (Bundle bundle : context.getBundles()) {
            String[] parts = bundle.getSymbolicName().split("\\.");
            List<Class<?>> services = parts.length == 4 && parts[1].equals("fabrica") ? CONCEPTS.get(parts[2]) : null;
            if (services == null || !parts[0].equals("org") || LIBRARIES.contains(bundle.getSymbolicName())) {
                continue; // not a provider bundle (API, library, runner, shell)
            }
            checked.add(bundle.getSymbolicName());
            // DS registers components asynchronously after the bundle started.
            Services.await(() -> !named(services, bundle).isEmpty());
            List<ServiceReference<?>> refs = named(services, bundle);
            if (refs.isEmpty()) {
                problems.add(bundle.getSymbolicName() + " registers no " + services + " with fabrica.name");
            }
            Set<String> names = new HashSet<>();
            for (ServiceReference<?> ref : refs) {
                String name = (String) ref.getProperty(ProviderFactory.NAME_PROPERTY);
                String service = ((String[]) ref.getProperty("objectClass"))[0];
                Object description = ref.getProperty(ProviderFactory.DESCRIPTION_PROPERTY);
                if (name.isBlank()) {
                    problems.add(bundle.getSymbolicName() + " registers a " + service + " with a blank fabrica.name");
                }
                if (!(description instanceof String d) || d.isBlank()) {
                    problems.add(service + " '" + name + "' of " + bundle.getSymbolicName() + " has no fabrica.description");
                }
                if (!names.add(service + "/" + name)) {
                    problems.add(bundle.getSymbolicName() + " registers " + service + " '" + name + "' twice");
                }
            }
        }
        assertEquals("provider registration problems", List.of(), problems);
        for (String bsn : CORE_AND_TORUS_PROVIDERS) {
            if (FabricaOptions.builtFabricaBundles().contains(bsn)) {
                assertTrue(bsn + " is built but was not checked", checked.contains(bsn));
            }
        }
    }

    @Test
    public void everyProviderParameterTypeBindsItsDefaults() {
        List<String> problems = new ArrayList<>();
        int factories = 0;
        for (List<Class<?>> services : CONCEPTS.values()) {
            for (Class<?> concept : services) {
                if (!ProviderFactory.class.isAssignableFrom(concept)) {
                    continue;
                }
                for (ServiceReference<?> ref : Services.references(context, concept, "(" + ProviderFactory.NAME_PROPERTY + "=*)")) {
                    factories++;
                    ProviderFactory<?> factory = (ProviderFactory<?>) context.getService(ref);
                    String who = concept.getSimpleName() + " '" + ref.getProperty(ProviderFactory.NAME_PROPERTY) + "' of "
                            + ref.getBundle().getSymbolicName();
                    try {
                        Class<?> type = factory.parameterType();
                        if (type == null || !type.isAnnotation()) {
                            problems.add(who + ": parameterType() is not an annotation type: " + type);
                            continue;
                        }
                        assertNotNull(Parameters.defaults(type));
                    } catch (RuntimeException ex) {
                        problems.add(who + ": defaults do not bind: " + ex.getMessage());
                    } finally {
                        context.ungetService(ref);
                    }
                }
            }
        }
        assertEquals("parameter types that do not bind their defaults", List.of(), problems);
        if (FabricaOptions.builtFabricaBundles().containsAll(CORE_AND_TORUS_PROVIDERS)) {
            assertTrue("the core and torus providers register factories", factories >= 8);
        }
    }

    private List<ServiceReference<?>> named(List<Class<?>> services, Bundle bundle) {
        List<ServiceReference<?>> list = new ArrayList<>();
        for (Class<?> service : services) {
            for (ServiceReference<?> ref : Services.references(context, service, "(" + ProviderFactory.NAME_PROPERTY + "=*)")) {
                if (ref.getBundle() != null && ref.getBundle().getBundleId() == bundle.getBundleId()) {
                    list.add(ref);
                }
            }
        }
        return list;
    }
}
