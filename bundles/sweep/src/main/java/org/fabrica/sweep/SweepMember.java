package org.fabrica.sweep;

import java.util.Map;
import java.util.function.Consumer;
import org.osgi.annotation.versioning.ProviderType;

/**
 * Makes this launcher a member of a cluster that runs the points others submit (registered as a
 * service with {@code fabrica.name}, beside the provider's {@link SweepExecutor}).
 */
@ProviderType
public interface SweepMember {
    /**
     * Joins the cluster described by {@code settings} (keys documented by the provider) and takes
     * points until the returned handle is closed.
     *
     * @param log receives one line per event worth telling (joined, a member came or left, a point ran)
     * @throws IllegalArgumentException for bad settings, with a message naming the setting and the fix
     * @throws IllegalStateException when the cluster cannot be joined
     */
    AutoCloseable join(Map<String, String> settings, Consumer<String> log);
}
