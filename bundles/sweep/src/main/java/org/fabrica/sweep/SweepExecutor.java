package org.fabrica.sweep;

import java.util.List;
import org.fabrica.kernel.ProviderConcept;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * Runs sweep points. Registered as a service with {@code fabrica.name} (e.g. {@code local}).
 */
@ProviderConcept(value = "sweep", listed = false)
@ConsumerType
public interface SweepExecutor {
    /**
     * Runs every point with {@code runner}, at most {@code parallelism} at once, calls the
     * listener as each finishes, and returns when all have finished or the thread is interrupted.
     */
    void execute(List<SweepPoint> points, PointRunner runner, int parallelism, SweepListener listener)
            throws InterruptedException;

    /**
     * Checks the executor's own configuration (a cluster's members file, say) when an experiment is
     * validated, before a run writes anything; nothing to check by default.
     *
     * @throws IllegalArgumentException naming what is wrong and the fix
     * @since 1.2
     */
    default void check() {
    }
}
