package org.fabrica.experiment.plan;

import java.util.List;
import java.util.Set;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.fabrica.experiment.ExperimentException;
import org.fabrica.experiment.file.ExperimentDocument;
import org.fabrica.experiment.file.ProviderChoice;
import org.fabrica.hardware.HardwareModel;
import org.fabrica.hardware.RouterDescription;
import org.fabrica.params.ParameterSchema;
import org.fabrica.params.Parameters;
import org.fabrica.params.Suggestions;
import org.fabrica.topology.rails.Rails;

/**
 * Finds the provider of a choice among the registered ones and binds its parameters, and builds
 * a bound provider's instances at validation; every error points at the offending key of the
 * file. Used by every study mode's {@link org.fabrica.experiment.study.StudyMode#resolve}.
 */
public final class ProviderBinding {
    private ProviderBinding() {
    }

    private static final Pattern PARAMETER_IN_MESSAGE = Pattern.compile("parameter '([^']+)'");

    /** Finds the provider of a choice and binds its parameters; errors point at the offending key. */
    static BoundProvider bind(ExperimentDocument doc, ProviderChoice choice, ProviderLookup registry) {
        RegisteredProvider provider;
        try {
            provider = registry.resolve(choice.concept(), choice.name());
        } catch (ExperimentException e) {
            // a bare name has no '.name' key: where() then falls back to the choice itself
            throw doc.error(choice.namePath(), choice.path() + ": " + e.getMessage());
        }
        Class<?> type = provider.factory().parameterType();
        String context = choice.path() + " '" + choice.name() + "'";
        List<String> known = ParameterSchema.of(type).names();
        for (String key : choice.parameters().keySet()) {
            if (!known.contains(key)) {
                throw doc.keyError(choice.parameterPath(key), context + ": unknown parameter '" + key + "'"
                        + Suggestions.hint(key, known.isEmpty() ? Set.of() : known)
                        + (known.isEmpty() ? " (this provider takes no parameters)" : ""));
            }
        }
        Object bound;
        try {
            bound = Parameters.bind(type, choice.parameters(), context);
        } catch (IllegalArgumentException e) { // ParameterException, or a provider's own check
            Matcher m = PARAMETER_IN_MESSAGE.matcher(e.getMessage() == null ? "" : e.getMessage());
            String at = m.find() && choice.parameters().containsKey(m.group(1)) ? choice.parameterPath(m.group(1))
                    : choice.path();
            throw doc.error(at, e.getMessage(), e);
        }
        return new BoundProvider(provider, choice, bound, Parameters.values(bound, type), baseDirectory(doc));
    }

    /**
     * Binds a provider chosen outside a file (a traffic pattern of a mode); relative file names among
     * its parameters are read from the working directory.
     *
     * @throws ExperimentException on unknown or bad parameters
     */
    static BoundProvider bind(RegisteredProvider provider, ProviderChoice choice) {
        return bind(provider, choice, java.nio.file.Path.of("").toAbsolutePath());
    }

    /**
     * Binds a provider chosen outside a file (a swap from the shell), relative file names among its
     * parameters read from {@code baseDirectory}.
     *
     * @throws ExperimentException on unknown or bad parameters
     */
    public static BoundProvider bind(RegisteredProvider provider, ProviderChoice choice,
            java.nio.file.Path baseDirectory) {
        Class<?> type = provider.factory().parameterType();
        try {
            Object bound = Parameters.bind(type, choice.parameters(), choice.path() + " '" + choice.name() + "'");
            return new BoundProvider(provider, choice, bound, Parameters.values(bound, type), baseDirectory);
        } catch (IllegalArgumentException e) {
            throw new ExperimentException(e.getMessage(), e);
        }
    }



    static <T> T build(ExperimentDocument doc, BoundProvider p, Supplier<T> s) {
        try {
            return s.get();
        } catch (RuntimeException e) {
            throw doc.error(p.choice().path(), p.describe() + ": " + ProviderFailure.message(e), e);
        }
    }

    /** The router description of a hardware model; an error names the hardware key. */
    static RouterDescription description(ExperimentDocument doc, BoundProvider hardware, HardwareModel model) {
        return build(doc, hardware, () -> {
            RouterDescription r = model.description();
            if (r == null) {
                throw new IllegalStateException("the hardware model returned no router description");
            }
            return r;
        });
    }

    /** The sweep executor the file names must be registered; the error names the {@code executor} key. */
    static void checkExecutor(ExperimentDocument doc, ExperimentSpec spec, ProviderLookup registry) {
        try {
            registry.executor(spec.executor());
        } catch (ExperimentException e) {
            throw doc.error("executor", e.getMessage());
        }
    }

    /**
     * The executor that will run the plan's points checks its own configuration
     * ({@link org.fabrica.sweep.SweepExecutor#check}): on the launcher that starts or validates a
     * run, not where a plan is only resolved (a cluster member plans the shipped experiment, whose
     * executor is the coordinator's, to run single points).
     *
     * @throws ExperimentException naming the {@code executor} key and what the executor said
     */
    public static org.fabrica.sweep.SweepExecutor checkedExecutor(SweepPlan plan, ProviderLookup registry) {
        org.fabrica.sweep.SweepExecutor executor = (org.fabrica.sweep.SweepExecutor) registry
                .executor(plan.spec().executor()).service();
        try {
            executor.check();
        } catch (IllegalArgumentException e) {
            throw plan.document().error("executor", "executor '" + plan.spec().executor() + "': " + e.getMessage());
        }
        return executor;
    }

    /**
     * The providers every simulating mode binds and builds once: topology, hardware, network and
     * kernel, with the topology, hardware model, router parameters and endpoint timing they give
     * (the modes that play their own packets, {@link PlayedStudiesService}; the packet modes also read
     * traffic and statistics).
     */
    /** {@code " (a, b and c)"}: the installed modes named, or nothing when none is. */
    static String among(List<String> modes) {
        if (modes.isEmpty()) {
            return "";
        }
        int n = modes.size();
        return " (" + (n == 1 ? modes.get(0) : String.join(", ", modes.subList(0, n - 1)) + " and " + modes.get(n - 1))
                + ")";
    }

    record Simulation(BoundProvider topology, BoundProvider hardware, BoundProvider network, BoundProvider kernel,
            org.fabrica.topology.Topology topologyInstance, org.fabrica.hardware.HardwareModel model,
            org.fabrica.hardware.RouterParameters router, org.fabrica.hardware.EndpointTiming endpoint) {

        /** Binds and builds them; a failure is an error naming the file's key. */
        static Simulation bind(ExperimentDocument doc, ExperimentSpec spec, ProviderLookup registry) {
            if (Rails.of(spec.topology().parameters(), (key, message) -> doc.error(spec.topology().parameterPath(key),
                    message)) != null) {
                throw doc.error(spec.topology().parameterPath(spec.topology().parameters().containsKey(Rails.PLANES)
                        ? Rails.PLANES : Rails.SELECTION), "multi-rail networks (topology.rails) run in the modes that"
                        + " simulate the file's traffic" + among(doc.modesReading("traffic")) + ", not in mode "
                        + spec.mode() + "; remove topology.rails");
            }
            BoundProvider topology = ProviderBinding.bind(doc, spec.topology(), registry);
            BoundProvider hardware = ProviderBinding.bind(doc, spec.hardware(), registry);
            BoundProvider network = ProviderBinding.bind(doc, spec.network(), registry);
            BoundProvider kernel = ProviderBinding.bind(doc, spec.kernel(), registry);
            org.fabrica.topology.Topology topo = build(doc, topology, topology::topology);
            org.fabrica.hardware.HardwareModel model = build(doc, hardware, hardware::hardware);
            org.fabrica.hardware.RouterParameters router = build(doc, hardware, () -> {
                org.fabrica.hardware.RouterParameters r = model.router();
                if (r == null) {
                    throw new IllegalStateException("the hardware model returned no router parameters");
                }
                return r;
            });
            build(doc, kernel, kernel::kernel);
            org.fabrica.hardware.EndpointTiming endpoint = build(doc, hardware, () -> {
                org.fabrica.hardware.EndpointTiming e = model.endpoint();
                if (e == null) {
                    throw new IllegalStateException("the hardware model returned no endpoint timing");
                }
                return e;
            });
            return new Simulation(topology, hardware, network, kernel, topo, model, router, endpoint);
        }
    }

    /**
     * The directory of the experiment file, against which relative file names in it (mapping,
     * topology and trace files) are read; the working directory otherwise.
     */
    public static java.nio.file.Path baseDirectory(ExperimentDocument doc) {
        try {
            java.nio.file.Path parent = java.nio.file.Path.of(doc.source()).toAbsolutePath().getParent();
            return parent != null && java.nio.file.Files.isDirectory(parent) ? parent
                    : java.nio.file.Path.of("").toAbsolutePath();
        } catch (java.nio.file.InvalidPathException e) {
            return java.nio.file.Path.of("").toAbsolutePath();
        }
    }
}
