package org.fabrica.collective;

import org.fabrica.kernel.ProviderConcept;
import org.fabrica.kernel.ProviderFactory;
import org.osgi.annotation.versioning.ConsumerType;

/** Factory service of a root policy provider; registered with {@code fabrica.name}. */
@ProviderConcept(value = "rootPolicy", order = 140)
@ConsumerType
public interface RootPolicyFactory<P> extends ProviderFactory<P> {
    RootPolicy create(P parameters);
}
