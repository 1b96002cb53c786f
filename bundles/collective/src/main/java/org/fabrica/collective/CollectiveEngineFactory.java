package org.fabrica.collective;

import org.fabrica.kernel.ProviderConcept;
import org.fabrica.kernel.ProviderFactory;
import org.osgi.annotation.versioning.ConsumerType;

/** Factory service of a collective engine provider; registered with {@code fabrica.name}. */
@ProviderConcept(value = "collective", order = 130)
@ConsumerType
public interface CollectiveEngineFactory<P> extends ProviderFactory<P> {
    /**
     * An engine for one run over the context's groups; trees that do not depend on the run's state
     * are built here, so a group the engine cannot serve is refused before the run with a message
     * naming the group and the limit.
     */
    CollectiveEngine create(CollectiveContext context, P parameters);
}
