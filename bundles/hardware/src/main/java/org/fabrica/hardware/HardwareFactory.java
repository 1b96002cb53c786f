package org.fabrica.hardware;

import org.fabrica.kernel.ProviderFactory;
import org.osgi.annotation.versioning.ConsumerType;

/** Factory service of a hardware model provider; registered with {@code fabrica.name}. */
@ConsumerType
public interface HardwareFactory<P> extends ProviderFactory<P> {
    HardwareModel create(P parameters);
}
