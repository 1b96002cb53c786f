package org.fabrica.router;

import org.osgi.annotation.versioning.ProviderType;

/**
 * Creates the parts a router description names, for a network model: implemented by whoever
 * builds the network (the experiment runner resolves names among the registered providers, a
 * test maps them to factories it knows). The network model calls it while it is built, never
 * in the cycle loop.
 */
@ProviderType
public interface RouterParts {
    /**
     * An allocator for {@code choice}, shaped for {@code shape}.
     *
     * @param use what the allocator is for, for messages (e.g. {@code "switch allocation"})
     * @throws IllegalArgumentException when no allocator of that name exists or its parameters
     *         are invalid; the message names the valid choices
     */
    Allocator allocator(String use, PartChoice choice, AllocatorShape shape);

    /** Provider name and bundle version of a part, for messages (e.g. {@code "islip (org.x 1.0.0)"}). */
    default String describe(PartChoice choice) {
        return choice.toString();
    }
}
