package org.fabrica.traffic;

import org.fabrica.kernel.ProviderConcept;
import org.fabrica.kernel.ProviderFactory;
import org.osgi.annotation.versioning.ConsumerType;

/** Factory service of an injection process provider; registered with {@code fabrica.name}. */
@ProviderConcept(value = "injection", order = 80)
@ConsumerType
public interface InjectionProcessFactory<P> extends ProviderFactory<P> {
    InjectionProcess create(int nodes, OfferedLoad load, P parameters);
}
