package org.fabrica.kernel;

import org.osgi.annotation.versioning.ConsumerType;

/** A simulation engine: advances a {@link CycleModel} under a {@link RunControl}. */
@ConsumerType
public interface SimulationKernel {
    /**
     * Runs {@code model} from cycle {@code firstCycle} until {@link CycleModel#done(long)} or
     * until the control stops it, and returns the number of the next cycle that would run.
     */
    long run(CycleModel model, long firstCycle, RunControl control);
}
