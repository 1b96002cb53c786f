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
}
