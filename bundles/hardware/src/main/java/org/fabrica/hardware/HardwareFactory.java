package org.fabrica.hardware;

import org.fabrica.kernel.ProviderConcept;
import org.fabrica.kernel.ProviderFactory;
import org.osgi.annotation.versioning.ConsumerType;

/** Factory service of a hardware model provider; registered with {@code fabrica.name}. */
@ProviderConcept(value = "hardware", order = 20)
@ConsumerType
public interface HardwareFactory<P> extends ProviderFactory<P> {
    HardwareModel create(P parameters);
}
