package org.fabrica.kernel;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * Base contract of every provider factory service. A factory is registered as an OSGi service
 * under its concept's factory interface (the one annotated {@link ProviderConcept}) with the service
 * property {@link #NAME_PROPERTY}; its
 * parameters are described by a Metatype-annotated annotation type ({@link #parameterType()}),
 * the single source of defaults, ranges and descriptions.
 *
 * @param <P> the parameter type (an {@code @ObjectClassDefinition} annotation type)
 */
@ConsumerType
public interface ProviderFactory<P> {
    /** Service property holding the name experiments use to select a provider, e.g. {@code dor}. */
    String NAME_PROPERTY = "fabrica.name";
    /** Service property holding a one-line description. */
    String DESCRIPTION_PROPERTY = "fabrica.description";

    /** The Metatype-annotated parameter type of this provider. */
    Class<P> parameterType();
}
