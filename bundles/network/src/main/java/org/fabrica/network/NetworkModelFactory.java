package org.fabrica.network;

import org.fabrica.kernel.ProviderConcept;
import org.fabrica.kernel.ProviderFactory;
import org.osgi.annotation.versioning.ConsumerType;

/** Factory service of a network model provider; registered with {@code fabrica.name}. */
@ProviderConcept(value = "network", order = 90)
@ConsumerType
public interface NetworkModelFactory<P> extends ProviderFactory<P> {
    /**
     * Builds the model.
     *
     * @throws IllegalArgumentException when the setup is inconsistent (message names the fix)
     */
    NetworkModel create(NetworkSetup setup, P parameters);
}
