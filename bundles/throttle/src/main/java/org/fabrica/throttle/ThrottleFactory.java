package org.fabrica.throttle;

import org.fabrica.kernel.ProviderConcept;
import org.fabrica.kernel.ProviderFactory;
import org.osgi.annotation.versioning.ConsumerType;

/** Factory service of a throttle provider; registered with {@code fabrica.name}. */
@ProviderConcept(value = "throttle", order = 60)
@ConsumerType
public interface ThrottleFactory<P> extends ProviderFactory<P> {
    Throttle create(ThrottleContext context, P parameters);
}
