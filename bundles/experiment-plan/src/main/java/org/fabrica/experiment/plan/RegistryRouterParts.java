package org.fabrica.experiment.plan;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fabrica.experiment.ExperimentException;
import org.fabrica.hardware.CrossbarOrganisation;
import org.fabrica.hardware.RouterDescription;
import org.fabrica.params.ParameterException;
import org.fabrica.params.Parameters;
import org.fabrica.router.Allocator;
import org.fabrica.router.AllocatorFactory;
import org.fabrica.router.AllocatorShape;
import org.fabrica.router.PartChoice;
import org.fabrica.router.RouterParts;

/**
 * The allocator parts a router description names, resolved among the registered providers of
 * concept {@code allocator} and bound to their parameters when the plan is built, so that an
 * unknown name or parameter is reported before anything runs. The network model creates the
 * instances through {@link #allocator} (once per run and use).
 */
final class RegistryRouterParts implements RouterParts {
    private record Bound(RegisteredProvider provider, Object parameters) {
    }

    private final Map<PartChoice, Bound> bound;

    private RegistryRouterParts(Map<PartChoice, Bound> bound) {
        this.bound = bound;
    }

    /**
     * Resolves the parts of {@code description}.
     *
     * @param what the hardware model, for messages (e.g. {@code hardware 'generic'})
     * @throws ExperimentException naming the part, the valid names and the closest match
     */
    static RegistryRouterParts resolve(RouterDescription description, ProviderLookup registry, String what) {
        Map<PartChoice, Bound> bound = new LinkedHashMap<>();
        List<Map.Entry<String, PartChoice>> uses = List.of(
                Map.entry("VC allocator", description.vcAllocator()),
                Map.entry("switch allocator", description.switchAllocator()),
                Map.entry("output arbiter", description.outputArbiter()));
        for (Map.Entry<String, PartChoice> use : uses) {
            if (use.getKey().equals("output arbiter") && description.crossbar() != CrossbarOrganisation.PER_VC
                    && use.getValue().equals(RouterDescription.ROUND_ROBIN)) {
                // only per-VC crossbars arbitrate outputs; the default needs no provider
                continue;
            }
            PartChoice choice = use.getValue();
            if (bound.containsKey(choice)) {
                continue;
            }
            RegisteredProvider provider;
            try {
                provider = registry.resolve("allocator", choice.name());
            } catch (ExperimentException e) {
                throw new ExperimentException(what + ": " + use.getKey() + ": " + e.getMessage());
            }
            Object parameters;
            try {
                parameters = Parameters.bind(provider.factory().parameterType(), choice.parameters(),
                        what + " " + use.getKey() + " '" + choice.name() + "'");
            } catch (ParameterException e) {
                throw new ExperimentException(e.getMessage());
            }
            bound.put(choice, new Bound(provider, parameters));
        }
        return new RegistryRouterParts(bound);
    }

    @Override
    @SuppressWarnings({"unchecked", "rawtypes"}) // the parameters were bound to the factory's own type
    public Allocator allocator(String use, PartChoice choice, AllocatorShape shape) {
        Bound b = bound.get(choice);
        if (b == null) {
            throw new IllegalArgumentException("the " + use + " part '" + choice + "' was not resolved when the"
                    + " experiment was validated");
        }
        return ((AllocatorFactory) b.provider().factory()).create(shape, b.parameters());
    }

    @Override
    public String describe(PartChoice choice) {
        Bound b = bound.get(choice);
        return b == null ? choice.toString() : b.provider().label();
    }
}
