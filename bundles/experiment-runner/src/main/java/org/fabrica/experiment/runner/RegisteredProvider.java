package org.fabrica.experiment.runner;

import org.fabrica.experiment.ProviderInfo;
import org.fabrica.kernel.ProviderFactory;
import org.fabrica.params.ParameterSchema;

/**
 * A provider factory service as the registry holds it.
 *
 * @param concept concept name, e.g. {@code routing}
 * @param name its {@code fabrica.name}
 * @param description its {@code fabrica.description}
 * @param ranking its {@code service.ranking} (0 when absent)
 * @param serviceId its {@code service.id} (ties of ranking go to the lower id, as in OSGi)
 * @param bundle symbolic name of the bundle that registered it
 * @param version version of that bundle
 * @param factory the factory service
 */
public record RegisteredProvider(String concept, String name, String description, int ranking, long serviceId,
        String bundle, String version, ProviderFactory<?> factory) {

    /** As the catalogue lists it. */
    public ProviderInfo info() {
        return new ProviderInfo(concept, name, description, bundle, version, ParameterSchema.of(factory.parameterType()));
    }

    /** {@code name (bundle version)}, for messages and provenance. */
    public String label() {
        return name + " (" + bundle + " " + version + ")";
    }
}
