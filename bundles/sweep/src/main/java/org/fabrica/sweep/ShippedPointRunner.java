package org.fabrica.sweep;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * Runs one point of an experiment that was planned elsewhere, as a local run of that experiment
 * would run it (registered as a service by the experiment runner; used by executors on the
 * members that take shipped points).
 */
@ConsumerType
public interface ShippedPointRunner {
    /**
     * Plans {@code experiment} again from its text (checking its id), runs {@code point} and returns
     * its result with the files it wrote. Never throws for a point's failure: that is a failed
     * result naming the cause (e.g. an id that differs because a provider's version differs).
     */
    ShippedResult run(ShippedExperiment experiment, SweepPoint point);
}
