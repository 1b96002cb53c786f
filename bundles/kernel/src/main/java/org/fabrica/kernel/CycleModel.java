package org.fabrica.kernel;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * What a kernel advances: a model simulated one cycle at a time. {@link #cycle(long)} is the
 * hot path and must not allocate.
 */
@ConsumerType
public interface CycleModel {
    /** Simulates cycle {@code now}; called with now = 0, 1, 2, ... */
    void cycle(long now);

    /** True when the run has reached its end condition after simulating cycle {@code now}. */
    boolean done(long now);

    /**
     * Called between cycles while the run is at a safe point (paused, or every
     * {@link RunControl#checkInterval()} cycles). Models use it to apply swaps and check
     * invariants that are too costly for every cycle. Must not be called from inside a cycle.
     */
    default void atSafePoint(long nextCycle) {
    }

    /**
     * The next cycle after {@code now} in which the model has anything to do; the cycles between
     * are idle, and a kernel may skip them (it still reaches its safe points, at the first cycle it
     * simulates after each interval). An event-driven model answers its next event; the default,
     * {@code now + 1}, simulates every cycle. Called after {@link #cycle(long)} of {@code now} when
     * the run goes on; must answer at most the cycle at which {@link #done(long)} would end the run.
     *
     * @since 1.1
     */
    default long nextActiveCycle(long now) {
        return now + 1;
    }
}
