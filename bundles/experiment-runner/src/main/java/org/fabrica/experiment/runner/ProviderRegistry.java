package org.fabrica.experiment.runner;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicLong;
import org.fabrica.collective.CollectiveEngineFactory;
import org.fabrica.collective.RootPolicyFactory;
import org.fabrica.experiment.ExperimentException;
import org.fabrica.experiment.ProviderCatalog;
import org.fabrica.experiment.ProviderInfo;
import org.fabrica.experiment.study.StudyMode;
import org.fabrica.hardware.HardwareFactory;
import org.fabrica.kernel.KernelFactory;
import org.fabrica.kernel.ProviderFactory;
import org.fabrica.network.NetworkModelFactory;
import org.fabrica.params.Suggestions;
import org.fabrica.queuing.QueuingFactory;
import org.fabrica.router.AllocatorFactory;
import org.fabrica.routing.RoutingFactory;
import org.fabrica.mapping.MappingFactory;
import org.fabrica.scheduler.SchedulerFactory;
import org.fabrica.stats.StatisticsCollectorFactory;
import org.fabrica.sweep.SweepExecutor;
import org.fabrica.throttle.ThrottleFactory;
import org.fabrica.topology.TopologyFactory;
import org.fabrica.traffic.InjectionProcessFactory;
import org.fabrica.traffic.TrafficPatternFactory;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.framework.ServiceReference;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;
import org.osgi.service.component.runtime.ServiceComponentRuntime;
import org.osgi.service.component.runtime.dto.ComponentConfigurationDTO;
import org.osgi.service.component.runtime.dto.ComponentDescriptionDTO;

/**
 * Every provider factory service, sweep executor and study mode currently registered, per concept
 * (docs/architecture.md, "How a provider is found and configured", "Hot swap and provider
 * failures"). In a framework it tracks the services dynamically; outside one (tests, embedding) {@link #add(Object, Map)} fills it.
 * Several providers may share a name (e.g. two versions of a bundle): the highest
 * {@code service.ranking} wins for new runs, then the lower service id, as in OSGi.
 */
@Component(service = {ProviderCatalog.class, ProviderRegistry.class})
public final class ProviderRegistry implements ProviderCatalog {
    /** Service property overriding the bundle symbolic name when registering programmatically. */
    public static final String BUNDLE_PROPERTY = "Bundle-SymbolicName";
    /** Service property overriding the bundle version when registering programmatically. */
    public static final String VERSION_PROPERTY = "Bundle-Version";
    /** Concept name of sweep executors (not a {@link ProviderFactory}; not in {@link #concepts()}). */
    public static final String SWEEP = "sweep";
    /** Concept name of statistics collectors (the experiment key {@code statistics}). */
    public static final String STATISTICS = "statistics";

    private static final Map<String, Class<?>> CONCEPTS = new LinkedHashMap<>();

    static {
        CONCEPTS.put("topology", TopologyFactory.class);
        CONCEPTS.put("hardware", HardwareFactory.class);
        CONCEPTS.put("allocator", AllocatorFactory.class);
        CONCEPTS.put("routing", RoutingFactory.class);
        CONCEPTS.put("queuing", QueuingFactory.class);
        CONCEPTS.put("throttle", ThrottleFactory.class);
        CONCEPTS.put("traffic", TrafficPatternFactory.class);
        CONCEPTS.put("injection", InjectionProcessFactory.class);
        CONCEPTS.put("network", NetworkModelFactory.class);
        CONCEPTS.put("kernel", KernelFactory.class);
        CONCEPTS.put("scheduler", SchedulerFactory.class);
        CONCEPTS.put("mapping", MappingFactory.class);
        CONCEPTS.put("collective", CollectiveEngineFactory.class);
        CONCEPTS.put("rootPolicy", RootPolicyFactory.class);
        CONCEPTS.put(STATISTICS, StatisticsCollectorFactory.class);
    }

    private static final Comparator<RegisteredProvider> PREFERENCE = Comparator
            .comparing(RegisteredProvider::concept, Comparator.comparingInt(ProviderRegistry::conceptOrder))
            .thenComparing(RegisteredProvider::name)
            .thenComparing(Comparator.comparingInt(RegisteredProvider::ranking).reversed())
            .thenComparingLong(RegisteredProvider::serviceId);

    /** Declarative Services' introspection, to say why a named provider is installed but absent. */
    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    volatile ServiceComponentRuntime componentRuntime;

    /** The framework's bundles, to name one that provides a missing name but is not started (null outside a framework). */
    private volatile BundleContext bundleContext;

    private final List<RegisteredProvider> providers = new ArrayList<>();
    private final List<RegisteredExecutor> executors = new ArrayList<>();
    private final List<RegisteredStudy> studies = new ArrayList<>();
    private final AtomicLong programmaticIds = new AtomicLong(1L << 40);

    /** A sweep executor service. */
    public record RegisteredExecutor(String name, String description, int ranking, long serviceId, String bundle,
            String version, SweepExecutor executor) {
    }

    /** A study mode service. */
    public record RegisteredStudy(String name, int ranking, long serviceId, StudyMode mode) {
    }

    @Activate
    void activate(BundleContext context) {
        bundleContext = context;
    }

    // ----------------------------------------------------------------- catalogue

    /** The catalogue's name for study modes (the experiment key {@code mode}); they have no parameters. */
    public static final String MODE = "mode";

    @Override
    public List<String> concepts() {
        List<String> all = new ArrayList<>(CONCEPTS.keySet());
        all.add(MODE);
        return all;
    }

    @Override
    public List<ProviderInfo> providers() {
        List<ProviderInfo> out = new ArrayList<>();
        for (RegisteredProvider p : snapshot()) {
            out.add(p.info());
        }
        StudyCatalog modes = studies();
        for (String name : modes.names()) {
            out.add(modeInfo(name, modes.get(name)));
        }
        return out;
    }

    @Override
    public ProviderInfo find(String concept, String name) {
        if (MODE.equals(concept)) {
            StudyCatalog modes = studies();
            StudyMode m = modes.get(name);
            if (m == null) {
                throw new ExperimentException("unknown mode '" + name + "'" + Suggestions.hint(name, modes.names()));
            }
            return modeInfo(name, m);
        }
        return resolve(concept, name).info();
    }

    private static ProviderInfo modeInfo(String name, StudyMode m) {
        BundleIdentity id = BundleIdentity.of(m.getClass());
        return new ProviderInfo(MODE, name, m.description(), id.symbolicName(), id.version(), null);
    }

    /**
     * The provider a new run uses for {@code name} of {@code concept}.
     *
     * @throws ExperimentException naming the valid names and the closest match
     */
    public RegisteredProvider resolve(String concept, String name) {
        if (!CONCEPTS.containsKey(concept)) {
            throw new ExperimentException("unknown concept '" + concept + "'" + Suggestions.hint(concept, CONCEPTS.keySet()));
        }
        List<RegisteredProvider> all = snapshot();
        for (RegisteredProvider p : all) { // sorted: the first of a name is the preferred one
            if (p.concept().equals(concept) && p.name().equals(name)) {
                return p;
            }
        }
        String failed = failedToStart(concept, name);
        if (failed != null) {
            throw new ExperimentException(concept + " '" + name + "' is installed but failed to start: " + failed);
        }
        BundleContext context = bundleContext;
        String dormant = context == null ? null : DormantProviders.explain(context, concept, CONCEPTS.get(concept), name);
        if (dormant != null) {
            throw new ExperimentException(dormant);
        }
        throw new ExperimentException("unknown " + concept + " '" + name + "'" + Suggestions.hint(name, names(concept)));
    }

    /**
     * Why a component registering {@code name} for {@code concept} is not in service, as Declarative
     * Services reports it (its activation threw, a reference it needs is missing), or null when no
     * such component is known. A name that is only unknown gets the usual suggestions instead.
     */
    String failedToStart(String concept, String name) {
        ServiceComponentRuntime runtime = componentRuntime;
        Class<?> type = CONCEPTS.get(concept);
        if (runtime == null || type == null) {
            return null;
        }
        try {
            for (ComponentDescriptionDTO d : runtime.getComponentDescriptionDTOs()) {
                if (d.properties == null || !name.equals(String.valueOf(d.properties.get(ProviderFactory.NAME_PROPERTY)))
                        || d.serviceInterfaces == null || !List.of(d.serviceInterfaces).contains(type.getName())) {
                    continue;
                }
                String bundle = d.bundle == null ? "its bundle" : "bundle " + d.bundle.symbolicName + " " + d.bundle.version;
                if (!runtime.isComponentEnabled(d)) {
                    return "component " + d.name + " of " + bundle + " is disabled";
                }
                for (ComponentConfigurationDTO c : runtime.getComponentConfigurationDTOs(d)) {
                    if (c.state == ComponentConfigurationDTO.FAILED_ACTIVATION) {
                        return "component " + d.name + " of " + bundle + " threw when activated: " + firstLine(c.failure)
                                + "; fix the plugin and install it again (the launcher's log names the frame that threw; "
                                + "FABRICA_JAVA_OPTS=-Dfabrica.stackTraces=true prints the whole stack trace)";
                    }
                    if (c.state == ComponentConfigurationDTO.UNSATISFIED_REFERENCE) {
                        List<String> missing = new ArrayList<>();
                        for (var r : c.unsatisfiedReferences) {
                            missing.add(r.name + " (" + r.target + ")");
                        }
                        return "component " + d.name + " of " + bundle + " waits for services it references: "
                                + String.join(", ", missing) + "; install the bundles that provide them";
                    }
                    if (c.state == ComponentConfigurationDTO.UNSATISFIED_CONFIGURATION) {
                        return "component " + d.name + " of " + bundle + " waits for its configuration";
                    }
                }
            }
        } catch (RuntimeException e) {
            return null; // introspection is a courtesy: the plain "unknown" message still applies
        }
        return null;
    }

    private static String firstLine(String text) {
        if (text == null || text.isBlank()) {
            return "(no reason given)";
        }
        String t = text.strip();
        int nl = t.indexOf('\n');
        return nl < 0 ? t : t.substring(0, nl).strip();
    }

    /** Names registered for a concept, sorted. */
    public List<String> names(String concept) {
        TreeSet<String> names = new TreeSet<>();
        for (RegisteredProvider p : snapshot()) {
            if (p.concept().equals(concept)) {
                names.add(p.name());
            }
        }
        return List.copyOf(names);
    }

    /** Every provider, grouped by concept and name, preferred first. */
    public List<RegisteredProvider> snapshot() {
        synchronized (providers) {
            List<RegisteredProvider> copy = new ArrayList<>(providers);
            copy.sort(PREFERENCE);
            return copy;
        }
    }

    /**
     * The sweep executor of that name with the highest ranking.
     *
     * @throws ExperimentException naming the valid names
     */
    public RegisteredExecutor executor(String name) {
        List<RegisteredExecutor> candidates = new ArrayList<>();
        TreeSet<String> names = new TreeSet<>();
        synchronized (executors) {
            for (RegisteredExecutor e : executors) {
                names.add(e.name());
                if (e.name().equals(name)) {
                    candidates.add(e);
                }
            }
        }
        if (candidates.isEmpty()) {
            throw new ExperimentException("unknown sweep executor '" + name + "'" + Suggestions.hint(name, names)
                    + (names.isEmpty() ? " (install a sweep provider such as org.fabrica.sweep.local)" : ""));
        }
        candidates.sort(Comparator.comparingInt(RegisteredExecutor::ranking).reversed()
                .thenComparingLong(RegisteredExecutor::serviceId));
        return candidates.get(0);
    }

    /** The study modes registered now, each name's highest ranking (then lowest service id) first. */
    public StudyCatalog studies() {
        List<RegisteredStudy> all;
        synchronized (studies) {
            all = new ArrayList<>(studies);
        }
        all.sort(Comparator.comparingInt(RegisteredStudy::ranking).reversed()
                .thenComparingLong(RegisteredStudy::serviceId));
        Map<String, StudyMode> byName = new LinkedHashMap<>();
        for (RegisteredStudy s : all) {
            byName.putIfAbsent(s.name(), s.mode());
        }
        return new StudyCatalog(byName);
    }

    // ----------------------------------------------------------------- programmatic registration

    /**
     * Registers a provider factory (under every concept interface it implements), a sweep
     * executor or a study mode, as a framework would from its service properties: {@code fabrica.name} (required),
     * {@code fabrica.description}, {@code service.ranking}, and optionally
     * {@link #BUNDLE_PROPERTY}/{@link #VERSION_PROPERTY} (else read from the class's manifest).
     *
     * @throws IllegalArgumentException when the object is neither, or has no name
     */
    public void add(Object service, Map<String, ?> properties) {
        BundleIdentity id = BundleIdentity.of(service.getClass());
        String bundle = properties.get(BUNDLE_PROPERTY) instanceof String s ? s : id.symbolicName();
        String version = properties.get(VERSION_PROPERTY) instanceof String s ? s : id.version();
        long serviceId = properties.get(Constants.SERVICE_ID) instanceof Number n ? n.longValue()
                : programmaticIds.incrementAndGet();
        boolean added = false;
        for (Map.Entry<String, Class<?>> e : CONCEPTS.entrySet()) {
            if (e.getValue().isInstance(service)) {
                add(e.getKey(), service, properties::get, bundle, version, serviceId);
                added = true;
            }
        }
        if (service instanceof SweepExecutor) {
            add(SWEEP, service, properties::get, bundle, version, serviceId);
            added = true;
        }
        if (service instanceof StudyMode) {
            add(MODE, service, properties::get, bundle, version, serviceId);
            added = true;
        }
        if (!added) {
            throw new IllegalArgumentException(service.getClass().getName()
                    + " implements no provider factory interface of " + CONCEPTS.keySet()
                    + " nor SweepExecutor nor StudyMode");
        }
    }

    /** Removes a service added with {@link #add(Object, Map)} (every concept it was added under). */
    public void remove(Object service) {
        synchronized (providers) {
            providers.removeIf(p -> p.factory() == service);
        }
        synchronized (executors) {
            executors.removeIf(e -> e.executor() == service);
        }
        synchronized (studies) {
            studies.removeIf(e -> e.mode() == service);
        }
    }

    private interface Properties {
        Object get(String key);
    }

    private void add(String concept, Object service, Properties props, String bundle, String version,
            long serviceId) {
        Object n = props.get(ProviderFactory.NAME_PROPERTY);
        if (!(n instanceof String name) || name.isBlank()) {
            throw new IllegalArgumentException(service.getClass().getName() + " is registered as a " + concept
                    + " provider without the service property " + ProviderFactory.NAME_PROPERTY);
        }
        Object d = props.get(ProviderFactory.DESCRIPTION_PROPERTY);
        String description = d == null ? "" : d.toString();
        int ranking = props.get(Constants.SERVICE_RANKING) instanceof Integer r ? r : 0;
        if (SWEEP.equals(concept)) {
            synchronized (executors) {
                executors.add(new RegisteredExecutor(name, description, ranking, serviceId, bundle, version,
                        (SweepExecutor) service));
            }
            return;
        }
        if (MODE.equals(concept)) {
            synchronized (studies) {
                studies.add(new RegisteredStudy(name, ranking, serviceId, (StudyMode) service));
            }
            return;
        }
        synchronized (providers) {
            providers.add(new RegisteredProvider(concept, name, description, ranking, serviceId, bundle, version,
                    (ProviderFactory<?>) service));
        }
    }

    private static int conceptOrder(String concept) {
        int i = 0;
        for (String c : CONCEPTS.keySet()) {
            if (c.equals(concept)) {
                return i;
            }
            i++;
        }
        return i;
    }

    // ----------------------------------------------------------------- Declarative Services

    /** Removes every entry of a concept bound from this reference (a factory bound under two concepts keeps the other). */
    private void unbind(String concept, ServiceReference<?> ref) {
        Object sid = ref.getProperty(Constants.SERVICE_ID);
        if (!(sid instanceof Number x)) {
            return;
        }
        long id = x.longValue();
        if (SWEEP.equals(concept)) {
            synchronized (executors) {
                executors.removeIf(e -> e.serviceId() == id);
            }
            return;
        }
        if (MODE.equals(concept)) {
            synchronized (studies) {
                studies.removeIf(e -> e.serviceId() == id);
            }
            return;
        }
        synchronized (providers) {
            providers.removeIf(p -> p.serviceId() == id && p.concept().equals(concept));
        }
    }

    private void rebind(String concept, ServiceReference<?> ref, Object service) {
        unbind(concept, ref);
        String bundle = ref.getBundle() == null ? "unknown" : ref.getBundle().getSymbolicName();
        String version = ref.getBundle() == null ? "0.0.0" : ref.getBundle().getVersion().toString();
        Object sid = ref.getProperty(Constants.SERVICE_ID);
        add(concept, service, ref::getProperty, bundle, version, sid instanceof Number x ? x.longValue() : 0L);
    }

    @Reference(service = TopologyFactory.class, cardinality = ReferenceCardinality.MULTIPLE,
            policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY,
            unbind = "removeTopology", updated = "updatedTopology")
    void addTopology(ServiceReference<?> ref, TopologyFactory<?> f) {
        rebind("topology", ref, f);
    }

    void updatedTopology(ServiceReference<?> ref, TopologyFactory<?> f) {
        rebind("topology", ref, f);
    }

    void removeTopology(ServiceReference<?> ref) {
        unbind("topology", ref);
    }

    @Reference(service = SchedulerFactory.class, cardinality = ReferenceCardinality.MULTIPLE,
            policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY,
            unbind = "removeScheduler", updated = "updatedScheduler")
    void addScheduler(ServiceReference<?> ref, SchedulerFactory<?> f) {
        rebind("scheduler", ref, f);
    }

    void updatedScheduler(ServiceReference<?> ref, SchedulerFactory<?> f) {
        rebind("scheduler", ref, f);
    }

    void removeScheduler(ServiceReference<?> ref) {
        unbind("scheduler", ref);
    }

    @Reference(service = CollectiveEngineFactory.class, cardinality = ReferenceCardinality.MULTIPLE,
            policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY,
            unbind = "removeCollective", updated = "updatedCollective")
    void addCollective(ServiceReference<?> ref, CollectiveEngineFactory<?> f) {
        rebind("collective", ref, f);
    }

    void updatedCollective(ServiceReference<?> ref, CollectiveEngineFactory<?> f) {
        rebind("collective", ref, f);
    }

    void removeCollective(ServiceReference<?> ref) {
        unbind("collective", ref);
    }

    @Reference(service = RootPolicyFactory.class, cardinality = ReferenceCardinality.MULTIPLE,
            policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY,
            unbind = "removeRootPolicy", updated = "updatedRootPolicy")
    void addRootPolicy(ServiceReference<?> ref, RootPolicyFactory<?> f) {
        rebind("rootPolicy", ref, f);
    }

    void updatedRootPolicy(ServiceReference<?> ref, RootPolicyFactory<?> f) {
        rebind("rootPolicy", ref, f);
    }

    void removeRootPolicy(ServiceReference<?> ref) {
        unbind("rootPolicy", ref);
    }

    @Reference(service = MappingFactory.class, cardinality = ReferenceCardinality.MULTIPLE,
            policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY,
            unbind = "removeMapping", updated = "updatedMapping")
    void addMapping(ServiceReference<?> ref, MappingFactory<?> f) {
        rebind("mapping", ref, f);
    }

    void updatedMapping(ServiceReference<?> ref, MappingFactory<?> f) {
        rebind("mapping", ref, f);
    }

    void removeMapping(ServiceReference<?> ref) {
        unbind("mapping", ref);
    }

    @Reference(service = HardwareFactory.class, cardinality = ReferenceCardinality.MULTIPLE,
            policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY,
            unbind = "removeHardware", updated = "updatedHardware")
    void addHardware(ServiceReference<?> ref, HardwareFactory<?> f) {
        rebind("hardware", ref, f);
    }

    void updatedHardware(ServiceReference<?> ref, HardwareFactory<?> f) {
        rebind("hardware", ref, f);
    }

    void removeHardware(ServiceReference<?> ref) {
        unbind("hardware", ref);
    }

    @Reference(service = AllocatorFactory.class, cardinality = ReferenceCardinality.MULTIPLE,
            policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY,
            unbind = "removeAllocator", updated = "updatedAllocator")
    void addAllocator(ServiceReference<?> ref, AllocatorFactory<?> f) {
        rebind("allocator", ref, f);
    }

    void updatedAllocator(ServiceReference<?> ref, AllocatorFactory<?> f) {
        rebind("allocator", ref, f);
    }

    void removeAllocator(ServiceReference<?> ref) {
        unbind("allocator", ref);
    }

    @Reference(service = RoutingFactory.class, cardinality = ReferenceCardinality.MULTIPLE,
            policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY,
            unbind = "removeRouting", updated = "updatedRouting")
    void addRouting(ServiceReference<?> ref, RoutingFactory<?> f) {
        rebind("routing", ref, f);
    }

    void updatedRouting(ServiceReference<?> ref, RoutingFactory<?> f) {
        rebind("routing", ref, f);
    }

    void removeRouting(ServiceReference<?> ref) {
        unbind("routing", ref);
    }

    @Reference(service = QueuingFactory.class, cardinality = ReferenceCardinality.MULTIPLE,
            policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY,
            unbind = "removeQueuing", updated = "updatedQueuing")
    void addQueuing(ServiceReference<?> ref, QueuingFactory<?> f) {
        rebind("queuing", ref, f);
    }

    void updatedQueuing(ServiceReference<?> ref, QueuingFactory<?> f) {
        rebind("queuing", ref, f);
    }

    void removeQueuing(ServiceReference<?> ref) {
        unbind("queuing", ref);
    }

    @Reference(service = ThrottleFactory.class, cardinality = ReferenceCardinality.MULTIPLE,
            policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY,
            unbind = "removeThrottle", updated = "updatedThrottle")
    void addThrottle(ServiceReference<?> ref, ThrottleFactory<?> f) {
        rebind("throttle", ref, f);
    }

    void updatedThrottle(ServiceReference<?> ref, ThrottleFactory<?> f) {
        rebind("throttle", ref, f);
    }

    void removeThrottle(ServiceReference<?> ref) {
        unbind("throttle", ref);
    }

    @Reference(service = TrafficPatternFactory.class, cardinality = ReferenceCardinality.MULTIPLE,
            policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY,
            unbind = "removeTraffic", updated = "updatedTraffic")
    void addTraffic(ServiceReference<?> ref, TrafficPatternFactory<?> f) {
        rebind("traffic", ref, f);
    }

    void updatedTraffic(ServiceReference<?> ref, TrafficPatternFactory<?> f) {
        rebind("traffic", ref, f);
    }

    void removeTraffic(ServiceReference<?> ref) {
        unbind("traffic", ref);
    }

    @Reference(service = InjectionProcessFactory.class, cardinality = ReferenceCardinality.MULTIPLE,
            policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY,
            unbind = "removeInjection", updated = "updatedInjection")
    void addInjection(ServiceReference<?> ref, InjectionProcessFactory<?> f) {
        rebind("injection", ref, f);
    }

    void updatedInjection(ServiceReference<?> ref, InjectionProcessFactory<?> f) {
        rebind("injection", ref, f);
    }

    void removeInjection(ServiceReference<?> ref) {
        unbind("injection", ref);
    }

    @Reference(service = NetworkModelFactory.class, cardinality = ReferenceCardinality.MULTIPLE,
            policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY,
            unbind = "removeNetwork", updated = "updatedNetwork")
    void addNetwork(ServiceReference<?> ref, NetworkModelFactory<?> f) {
        rebind("network", ref, f);
    }

    void updatedNetwork(ServiceReference<?> ref, NetworkModelFactory<?> f) {
        rebind("network", ref, f);
    }

    void removeNetwork(ServiceReference<?> ref) {
        unbind("network", ref);
    }

    @Reference(service = KernelFactory.class, cardinality = ReferenceCardinality.MULTIPLE,
            policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY,
            unbind = "removeKernel", updated = "updatedKernel")
    void addKernel(ServiceReference<?> ref, KernelFactory<?> f) {
        rebind("kernel", ref, f);
    }

    void updatedKernel(ServiceReference<?> ref, KernelFactory<?> f) {
        rebind("kernel", ref, f);
    }

    void removeKernel(ServiceReference<?> ref) {
        unbind("kernel", ref);
    }

    @Reference(service = StatisticsCollectorFactory.class, cardinality = ReferenceCardinality.MULTIPLE,
            policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY,
            unbind = "removeStatistics", updated = "updatedStatistics")
    void addStatistics(ServiceReference<?> ref, StatisticsCollectorFactory<?> f) {
        rebind(STATISTICS, ref, f);
    }

    void updatedStatistics(ServiceReference<?> ref, StatisticsCollectorFactory<?> f) {
        rebind(STATISTICS, ref, f);
    }

    void removeStatistics(ServiceReference<?> ref) {
        unbind(STATISTICS, ref);
    }

    @Reference(service = SweepExecutor.class, cardinality = ReferenceCardinality.MULTIPLE,
            policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY,
            unbind = "removeExecutor", updated = "updatedExecutor")
    void addExecutor(ServiceReference<?> ref, SweepExecutor e) {
        rebind(SWEEP, ref, e);
    }

    void updatedExecutor(ServiceReference<?> ref, SweepExecutor e) {
        rebind(SWEEP, ref, e);
    }

    void removeExecutor(ServiceReference<?> ref) {
        unbind(SWEEP, ref);
    }

    @Reference(service = StudyMode.class, cardinality = ReferenceCardinality.MULTIPLE,
            policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY,
            unbind = "removeStudy", updated = "updatedStudy")
    void addStudy(ServiceReference<?> ref, StudyMode m) {
        rebind(MODE, ref, m);
    }

    void updatedStudy(ServiceReference<?> ref, StudyMode m) {
        rebind(MODE, ref, m);
    }

    void removeStudy(ServiceReference<?> ref) {
        unbind(MODE, ref);
    }
}
