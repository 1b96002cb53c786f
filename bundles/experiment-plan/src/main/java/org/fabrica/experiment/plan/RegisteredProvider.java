package org.fabrica.experiment.plan;

import org.fabrica.experiment.ProviderInfo;
import org.fabrica.experiment.study.StudyMode;
import org.fabrica.kernel.ProviderFactory;
import org.fabrica.params.ParameterSchema;

/**
 * A provider service as the registry holds it: a factory, a sweep executor, a study mode, or the
 * service of any other concept.
 *
 * @param concept concept name, e.g. {@code routing}
 * @param name its {@code fabrica.name}
 * @param description its {@code fabrica.description}
 * @param ranking its {@code service.ranking} (0 when absent)
 * @param serviceId its {@code service.id} (ties of ranking go to the lower id, as in OSGi)
 * @param bundle symbolic name of the bundle that registered it
 * @param version version of that bundle
 * @param service the service object
 */
public record RegisteredProvider(String concept, String name, String description, int ranking, long serviceId,
        String bundle, String version, Object service) {

    /** The service as a provider factory (every concept whose providers have parameters). */
    public ProviderFactory<?> factory() {
        if (service instanceof ProviderFactory<?> f) {
            return f;
        }
        throw new IllegalStateException(concept + " '" + name + "' of " + bundle + " is not a provider factory ("
                + service.getClass().getName() + ")");
    }

    /**
     * As the catalogue lists it: a factory's parameters, or a study mode's settings (its own keys);
     * another service, or a mode without settings, has no parameter schema.
     */
    public ProviderInfo info() {
        return new ProviderInfo(concept, name, description, bundle, version, schema());
    }

    private ParameterSchema schema() {
        if (service instanceof ProviderFactory<?> f) {
            return ParameterSchema.of(f.parameterType());
        }
        if (service instanceof StudyMode m && m.settingsType() != null) {
            return ParameterSchema.of(m.settingsType());
        }
        return null;
    }

    /** {@code name (bundle version)}, for messages and provenance. */
    public String label() {
        return name + " (" + bundle + " " + version + ")";
    }
}
