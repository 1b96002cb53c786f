package org.fabrica.collective;

import java.util.SplittableRandom;
import org.fabrica.topology.Topology;
import org.osgi.annotation.versioning.ProviderType;

/** One root choice: the group, the candidates and what is known about them. */
@ProviderType
public interface RootContext {
    Topology topology();

    /** The group whose root is chosen. */
    int group();

    /** Its member nodes, ascending. */
    int[] members();

    /** The candidate roots, as vertices ({@link Vertices}); never empty. */
    int[] candidates();

    /** The largest number of routers on the path from candidate {@code i} to a member (shortest paths). */
    int maxHops(int i);

    /** The mean number of routers on the paths from candidate {@code i} to the members. */
    double meanHops(int i);

    /**
     * The load of candidate {@code i} as the policy may know it: the network's measure (see the
     * engine's documentation), possibly {@link #loadLagCycles() stale}; 0 when the choice is made
     * before the run.
     */
    double load(int i);

    /** How old the load information is, in cycles (0: exact). */
    long loadLagCycles();

    /** The policy's random stream (deterministic for the run's seed). */
    SplittableRandom random();
}
