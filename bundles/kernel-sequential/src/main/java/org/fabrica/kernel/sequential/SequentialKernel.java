package org.fabrica.kernel.sequential;

import org.fabrica.kernel.CycleModel;
import org.fabrica.kernel.RunControl;
import org.fabrica.kernel.SimulationKernel;

/**
 * Runs a model's cycles one after the other on the calling thread.
 *
 * <p>Before each cycle {@code c} the kernel reaches a safe point when the control asks for
 * attention or when {@link RunControl#checkInterval()} cycles have passed since the last one (the
 * first cycle of a run is always a safe point, so a run can be paused or stopped before it
 * starts). At a safe point it calls {@link CycleModel#atSafePoint(long)} (swaps, costly
 * invariant checks) and then {@link RunControl#checkpoint(long)}, which blocks while the run is
 * paused; when that returns false the run stops and {@code c} is returned. Otherwise the kernel
 * simulates the cycle and returns {@code c + 1} as soon as {@link CycleModel#done(long)} says the
 * run has ended. Between safe points the loop costs one {@code attention()} read and a counter
 * per cycle. After each cycle the model names its next active cycle
 * ({@link CycleModel#nextActiveCycle(long)}, the next one by default) and the kernel goes on from
 * there: the cycles skipped count toward the safe-point interval, and the first cycle simulated
 * after the interval is the safe point.
 */
final class SequentialKernel implements SimulationKernel {
    @Override
    public long run(CycleModel model, long firstCycle, RunControl control) {
        long interval = Math.max(1L, control.checkInterval());
        long untilCheck = 0;
        for (long c = firstCycle; ; ) {
            if (untilCheck <= 0 || control.attention()) {
                model.atSafePoint(c);
                if (!control.checkpoint(c)) {
                    return c;
                }
                untilCheck = interval;
            }
            model.cycle(c);
            if (model.done(c)) {
                return c + 1;
            }
            // an event-driven model names its next active cycle; the idle ones between are skipped
            long next = model.nextActiveCycle(c);
            if (next <= c) {
                throw new IllegalStateException(model.getClass().getName() + ".nextActiveCycle(" + c + ") answered "
                        + next + "; it must be later than the cycle just simulated");
            }
            untilCheck -= next - c;
            c = next;
        }
    }
}
