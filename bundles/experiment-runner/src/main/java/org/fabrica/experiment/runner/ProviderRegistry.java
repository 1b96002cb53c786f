package org.fabrica.experiment.runner;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.fabrica.experiment.ExperimentException;
import org.fabrica.experiment.ProviderCatalog;
import org.fabrica.experiment.ProviderInfo;
import org.fabrica.experiment.plan.ProviderLookup;
import org.fabrica.experiment.plan.RegisteredProvider;
import org.fabrica.experiment.plan.StudyCatalog;
import org.fabrica.experiment.study.StudyMode;
import org.fabrica.kernel.ProviderConcept;
import org.fabrica.kernel.ProviderFactory;
import org.fabrica.params.Suggestions;
import org.fabrica.sweep.SweepExecutor;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.framework.ServiceReference;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;
import org.osgi.service.component.runtime.ServiceComponentRuntime;
import org.osgi.service.component.runtime.dto.ComponentConfigurationDTO;
import org.osgi.service.component.runtime.dto.ComponentDescriptionDTO;
import org.osgi.util.tracker.ServiceTracker;
import org.osgi.util.tracker.ServiceTrackerCustomizer;

/**
 * Every provider service currently registered, per concept (docs/architecture.md, "How a provider is
 * found and configured", "Hot swap and provider failures"): factories, sweep executors and study
 * modes alike. A provider is a service with the property {@value ProviderFactory#NAME_PROPERTY}
 * registered under an interface that declares a concept ({@link ProviderConcept}: its name and place
 * in listings, in the concept's API bundle); the registry holds no list of concepts, so a new
 * concept is a new API bundle and nothing else. In a framework one service tracker follows every
 * named service; outside one (tests, embedding) {@link #add(Object, Map)} fills it. Several
 * providers may share a name (e.g. two versions of a bundle): the highest {@code service.ranking}
 * wins for new runs, then the lower service id, as in OSGi.
 */
@Component(service = {ProviderCatalog.class, ProviderRegistry.class})
public final class ProviderRegistry implements ProviderLookup {
    /** Service property overriding the bundle symbolic name when registering programmatically. */
    public static final String BUNDLE_PROPERTY = "Bundle-SymbolicName";
    /** Service property overriding the bundle version when registering programmatically. */
    public static final String VERSION_PROPERTY = "Bundle-Version";

    /** How a concept is listed, as its {@link ProviderConcept} says (an unknown one: last). */
    private record Listing(int order, boolean listed) {
        static final Listing UNDECLARED = new Listing(Integer.MAX_VALUE, true);
    }

    /** Every concept seen, with its listing; a concept stays known when its last provider leaves. */
    private final Map<String, Listing> concepts = new ConcurrentHashMap<>();

    private final Comparator<RegisteredProvider> preference = Comparator
            .comparing(RegisteredProvider::concept, Comparator.comparingInt((String c) -> listing(c).order())
                    .thenComparing(Comparator.naturalOrder()))
            .thenComparing(RegisteredProvider::name)
            .thenComparing(Comparator.comparingInt(RegisteredProvider::ranking).reversed())
            .thenComparingLong(RegisteredProvider::serviceId);

    /** Declarative Services' introspection, to say why a named provider is installed but absent. */
    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    volatile ServiceComponentRuntime componentRuntime;

    /** The framework's bundles, to name one that provides a missing name but is not started (null outside a framework). */
    private volatile BundleContext bundleContext;

    /** Follows every named service (null outside a framework). */
    private ServiceTracker<Object, Object> tracker;

    private final List<RegisteredProvider> providers = new ArrayList<>();
    private final AtomicLong programmaticIds = new AtomicLong(1L << 40);

    @Activate
    void activate(BundleContext context) {
        bundleContext = context;
        try {
            tracker = new ServiceTracker<>(context, context.createFilter("(" + ProviderFactory.NAME_PROPERTY + "=*)"),
                    new Customizer(context));
        } catch (InvalidSyntaxException e) {
            throw new IllegalStateException(e); // a constant filter
        }
        tracker.open();
    }

    @Deactivate
    void deactivate() {
        if (tracker != null) {
            tracker.close();
        }
    }

    // ----------------------------------------------------------------- catalogue

    @Override
    public List<String> concepts() {
        List<String> all = new ArrayList<>();
        for (Map.Entry<String, Listing> e : concepts.entrySet()) {
            if (e.getValue().listed()) {
                all.add(e.getKey());
            }
        }
        all.sort(Comparator.comparingInt((String c) -> listing(c).order()).thenComparing(Comparator.naturalOrder()));
        return all;
    }

    @Override
    public List<ProviderInfo> providers() {
        List<ProviderInfo> out = new ArrayList<>();
        for (RegisteredProvider p : snapshot()) {
            if (listing(p.concept()).listed()) {
                out.add(p.info());
            }
        }
        return out;
    }

    @Override
    public ProviderInfo find(String concept, String name) {
        return resolve(concept, name).info();
    }

    private Listing listing(String concept) {
        return concepts.getOrDefault(concept, Listing.UNDECLARED);
    }

    /**
     * The provider a new run uses for {@code name} of {@code concept}.
     *
     * @throws ExperimentException naming the valid names and the closest match
     */
    public RegisteredProvider resolve(String concept, String name) {
        for (RegisteredProvider p : snapshot()) { // sorted: the first of a name is the preferred one
            if (p.concept().equals(concept) && p.name().equals(name)) {
                return p;
            }
        }
        String failed = failedToStart(concept, name);
        if (failed != null) {
            throw new ExperimentException(concept + " '" + name + "' is installed but failed to start: " + failed);
        }
        BundleContext context = bundleContext;
        String dormant = context == null ? null
                : DormantProviders.explain(context, type -> concept.equals(conceptOfInterface(type)), concept, name);
        if (dormant != null) {
            throw new ExperimentException(dormant);
        }
        if (!concepts.containsKey(concept) && Suggestions.closest(concept, concepts()) != null) {
            throw new ExperimentException("unknown concept '" + concept + "'" + Suggestions.hint(concept, concepts()));
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
        if (runtime == null) {
            return null;
        }
        try {
            for (ComponentDescriptionDTO d : runtime.getComponentDescriptionDTOs()) {
                if (d.properties == null || !name.equals(String.valueOf(d.properties.get(ProviderFactory.NAME_PROPERTY)))
                        || d.serviceInterfaces == null
                        || List.of(d.serviceInterfaces).stream().noneMatch(t -> concept.equals(conceptOfInterface(t)))) {
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
            copy.sort(preference);
            return copy;
        }
    }

    /**
     * The sweep executor of that name with the highest ranking (its {@link RegisteredProvider#service()}).
     *
     * @throws ExperimentException naming the valid names
     */
    public RegisteredProvider executor(String name) {
        String concept = ProviderLookup.conceptOf(SweepExecutor.class);
        List<String> names = names(concept);
        if (!names.contains(name)) {
            throw new ExperimentException("unknown sweep executor '" + name + "'" + Suggestions.hint(name, names)
                    + (names.isEmpty() ? " (install a sweep provider such as org.fabrica.sweep.local)" : ""));
        }
        return resolve(concept, name);
    }

    /** The study modes registered now, each name's highest ranking (then lowest service id) first. */
    public StudyCatalog studies() {
        String concept = ProviderLookup.conceptOf(StudyMode.class);
        Map<String, StudyMode> byName = new LinkedHashMap<>();
        for (RegisteredProvider p : snapshot()) {
            if (p.concept().equals(concept)) {
                byName.putIfAbsent(p.name(), (StudyMode) p.service());
            }
        }
        return new StudyCatalog(byName);
    }

    // ----------------------------------------------------------------- registration

    /**
     * Registers a provider service under every concept its interfaces declare, as a framework would
     * from its service properties: {@code fabrica.name} (required), {@code fabrica.description},
     * {@code service.ranking}, and optionally {@link #BUNDLE_PROPERTY}/{@link #VERSION_PROPERTY} (else
     * read from the class's manifest).
     *
     * @throws IllegalArgumentException when the object implements no concept's interface, or has no name
     */
    public void add(Object service, Map<String, ?> properties) {
        BundleIdentity id = BundleIdentity.of(service.getClass());
        String bundle = properties.get(BUNDLE_PROPERTY) instanceof String s ? s : id.symbolicName();
        String version = properties.get(VERSION_PROPERTY) instanceof String s ? s : id.version();
        long serviceId = properties.get(Constants.SERVICE_ID) instanceof Number n ? n.longValue()
                : programmaticIds.incrementAndGet();
        Map<String, ProviderConcept> declared = new LinkedHashMap<>();
        for (Class<?> c = service.getClass(); c != null; c = c.getSuperclass()) {
            for (Class<?> i : c.getInterfaces()) {
                collect(i, declared);
            }
        }
        if (declared.isEmpty()) {
            throw new IllegalArgumentException(service.getClass().getName()
                    + " implements no interface that declares a concept (@ProviderConcept)");
        }
        for (ProviderConcept concept : declared.values()) {
            add(concept, service, properties::get, bundle, version, serviceId);
        }
    }

    /** Removes a service added with {@link #add(Object, Map)} (every concept it was added under). */
    public void remove(Object service) {
        synchronized (providers) {
            providers.removeIf(p -> p.service() == service);
        }
    }

    private interface Properties {
        Object get(String key);
    }

    private void add(ProviderConcept declaration, Object service, Properties props, String bundle, String version,
            long serviceId) {
        String concept = declaration.value();
        Object n = props.get(ProviderFactory.NAME_PROPERTY);
        if (!(n instanceof String name) || name.isBlank()) {
            throw new IllegalArgumentException(service.getClass().getName() + " is registered as a " + concept
                    + " provider without the service property " + ProviderFactory.NAME_PROPERTY);
        }
        Object d = props.get(ProviderFactory.DESCRIPTION_PROPERTY);
        // a study mode says its few words itself (the list of modes an unknown one is refused with)
        String description = service instanceof StudyMode m ? m.description() : d == null ? "" : d.toString();
        int ranking = props.get(Constants.SERVICE_RANKING) instanceof Integer r ? r : 0;
        concepts.put(concept, new Listing(declaration.order(), declaration.listed()));
        synchronized (providers) {
            providers.add(new RegisteredProvider(concept, name, description, ranking, serviceId, bundle, version, service));
        }
    }

    /** The concepts {@code type} and the interfaces it extends declare, by name. */
    private static void collect(Class<?> type, Map<String, ProviderConcept> out) {
        ProviderConcept c = type.getAnnotation(ProviderConcept.class);
        if (c != null) {
            out.putIfAbsent(c.value(), c);
        }
        for (Class<?> i : type.getInterfaces()) {
            collect(i, out);
        }
    }

    // ----------------------------------------------------------------- the framework's services

    /** Removes every entry bound from this reference. */
    private void unbind(ServiceReference<?> ref) {
        if (ref.getProperty(Constants.SERVICE_ID) instanceof Number x) {
            long id = x.longValue();
            synchronized (providers) {
                providers.removeIf(p -> p.serviceId() == id);
            }
        }
    }

    /**
     * The concepts of the interfaces a service is registered under ({@code objectClass}), loaded as
     * this bundle sees them (else as the registering bundle does, for a concept the runner never uses).
     */
    private List<ProviderConcept> conceptsOf(ServiceReference<?> ref) {
        List<ProviderConcept> out = new ArrayList<>();
        if (ref.getProperty(Constants.OBJECTCLASS) instanceof String[] types) {
            for (String type : types) {
                ProviderConcept c = declaration(type, ref.getBundle());
                if (c != null && out.stream().noneMatch(o -> o.value().equals(c.value()))) {
                    out.add(c);
                }
            }
        }
        return out;
    }

    /** (Re)binds a service under every concept its interfaces declare. */
    private void bind(ServiceReference<?> ref, Object service, List<ProviderConcept> declared) {
        unbind(ref);
        String bundle = ref.getBundle() == null ? "unknown" : ref.getBundle().getSymbolicName();
        String version = ref.getBundle() == null ? "0.0.0" : ref.getBundle().getVersion().toString();
        long serviceId = ref.getProperty(Constants.SERVICE_ID) instanceof Number x ? x.longValue() : 0L;
        for (ProviderConcept concept : declared) {
            try {
                add(concept, service, ref::getProperty, bundle, version, serviceId);
            } catch (IllegalArgumentException e) {
                // a blank name: no provider anyone can choose
            }
        }
    }

    /** The concept the interface named {@code type} declares, or null when it declares none or cannot be loaded. */
    private String conceptOfInterface(String type) {
        ProviderConcept c = declaration(type, null);
        return c == null ? null : c.value();
    }

    /**
     * The {@link ProviderConcept} of the interface named {@code type}, or null: loaded as this bundle
     * sees it, else as {@code registering} does (a concept the runner's code never uses).
     */
    private static ProviderConcept declaration(String type, Bundle registering) {
        Class<?> c;
        try {
            c = Class.forName(type, false, ProviderRegistry.class.getClassLoader());
        } catch (ClassNotFoundException | LinkageError e) {
            try {
                c = registering == null ? null : registering.loadClass(type);
            } catch (ClassNotFoundException | LinkageError | RuntimeException e2) {
                c = null;
            }
        }
        return c == null ? null : c.getAnnotation(ProviderConcept.class);
    }

    /** Binds each tracked service as it comes, changes its properties or goes. */
    private final class Customizer implements ServiceTrackerCustomizer<Object, Object> {
        private final BundleContext context;

        Customizer(BundleContext context) {
            this.context = context;
        }

        @Override
        public Object addingService(ServiceReference<Object> ref) {
            List<ProviderConcept> declared = conceptsOf(ref);
            if (declared.isEmpty() || !sharesOurClasses(ref)) {
                // named, but of no concept (e.g. a cluster member), or built against other versions of
                // the API packages than the runner's: no provider it could use. Not got, so not activated.
                return null;
            }
            Object service = context.getService(ref);
            if (service != null) {
                bind(ref, service, declared);
            }
            return service;
        }

        @Override
        public void modifiedService(ServiceReference<Object> ref, Object service) {
            bind(ref, service, conceptsOf(ref));
        }

        @Override
        public void removedService(ServiceReference<Object> ref, Object service) {
            unbind(ref);
            context.ungetService(ref);
        }

        /** Whether every interface the service is registered under is the class this bundle sees (as a typed reference checks). */
        private boolean sharesOurClasses(ServiceReference<?> ref) {
            if (ref.getProperty(Constants.OBJECTCLASS) instanceof String[] types) {
                for (String type : types) {
                    if (!ref.isAssignableTo(context.getBundle(), type)) {
                        return false;
                    }
                }
            }
            return true;
        }
    }
}
