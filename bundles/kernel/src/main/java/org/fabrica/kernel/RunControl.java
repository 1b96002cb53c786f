package org.fabrica.kernel;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * Control of a run between cycles: pause, single steps, stop and progress. The kernel calls
 * {@link #attention()} after every cycle (a volatile read in implementations) and
 * {@link #checkpoint(long)} only when it returns true, so an idle control costs almost nothing.
 */
@ConsumerType
public interface RunControl {
    /** True when the kernel must call {@link #checkpoint(long)} before the next cycle. */
    boolean attention();

    /**
     * Called between cycles when {@link #attention()} is true or every {@link #checkInterval()}
     * cycles. Blocks while the run is paused. Returns false when the run must stop.
     *
     * @param nextCycle the cycle that would be simulated next
     */
    boolean checkpoint(long nextCycle);

    /** Cycles between unconditional checkpoints (progress reporting, safe points). */
    default long checkInterval() {
        return 4096;
    }
}
