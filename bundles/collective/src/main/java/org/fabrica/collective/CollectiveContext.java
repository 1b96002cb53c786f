package org.fabrica.collective;

import java.util.SplittableRandom;
import org.fabrica.topology.Topology;
import org.osgi.annotation.versioning.ProviderType;

/** What a run offers its collective engine; implemented by the runner ({@link Groups}). */
@ProviderType
public interface CollectiveContext {
    Topology topology();

    /** Groups of the run, numbered 0 .. groups() - 1 (e.g. one per copy of a trace). */
    int groups();

    /** The member nodes of {@code group}, ascending, distinct. */
    int[] members(int group);

    /**
     * The root of {@code group} among {@code candidates} (vertices, {@link Vertices}), as the run's
     * root policy chooses it.
     */
    int root(int group, int[] candidates);

    /**
     * The root of {@code group} among {@code candidates}, as the run's root policy chooses it
     * knowing the engine's measure of each candidate's load ({@code loads[i]} for
     * {@code candidates[i]}), taken {@code lagCycles} ago at most (for choices during a run).
     */
    int root(int group, int[] candidates, double[] loads, long lagCycles);

    /** The engine's own random stream (deterministic for the run's seed). */
    SplittableRandom random();
}
