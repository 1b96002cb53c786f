package org.fabrica.scheduler;

import org.fabrica.kernel.ProviderFactory;
import org.fabrica.topology.Topology;
import org.osgi.annotation.versioning.ConsumerType;

/** Factory service of a scheduler provider; registered with {@code fabrica.name}. */
@ConsumerType
public interface SchedulerFactory<P> extends ProviderFactory<P> {
    /**
     * Creates the scheduler for a topology.
     *
     * @throws IllegalArgumentException when the topology is not one this scheduler plans for, with
     *         a message naming the topology kinds it supports
     */
    Scheduler create(Topology topology, P parameters);
}
