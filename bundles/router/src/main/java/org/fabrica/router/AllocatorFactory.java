package org.fabrica.router;

import org.fabrica.kernel.ProviderConcept;
import org.fabrica.kernel.ProviderFactory;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * Factory service of an allocator provider (concept {@code allocator}); registered with
 * {@code fabrica.name}, e.g. {@code round-robin}, {@code islip}. A hardware model names the
 * allocator of each use (VC allocation, switch allocation, output arbitration) in its router
 * description; the network model creates one instance per use and run.
 */
@ProviderConcept(value = "allocator", order = 30)
@ConsumerType
public interface AllocatorFactory<P> extends ProviderFactory<P> {
    /**
     * Creates an allocator for problems of the given shape.
     *
     * @throws IllegalArgumentException when the parameters or the shape cannot be served (the
     *         message names the limit and the fix)
     */
    Allocator create(AllocatorShape shape, P parameters);
}
