package org.fabrica.queuing;

import org.fabrica.kernel.ProviderConcept;
import org.fabrica.kernel.ProviderFactory;
import org.osgi.annotation.versioning.ConsumerType;

/** Factory service of a queuing scheme provider; registered with {@code fabrica.name}. */
@ProviderConcept(value = "queuing", order = 50)
@ConsumerType
public interface QueuingFactory<P> extends ProviderFactory<P> {
    /**
     * Creates the scheme.
     *
     * @throws IllegalArgumentException when the VC count cannot serve the routing's VC classes
     *         (message names the minimum) or the combination is invalid
     */
    QueuingScheme create(QueuingContext context, P parameters);
}
