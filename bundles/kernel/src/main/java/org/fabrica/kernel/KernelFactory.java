package org.fabrica.kernel;

import org.osgi.annotation.versioning.ConsumerType;

/** Factory service of a simulation kernel provider. */
@ProviderConcept(value = "kernel", order = 100)
@ConsumerType
public interface KernelFactory<P> extends ProviderFactory<P> {
    SimulationKernel create(P parameters);
}
