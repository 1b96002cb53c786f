package org.fabrica.sweep;

import org.osgi.annotation.versioning.ConsumerType;

/** Simulates one point; supplied by the experiment runner to an executor. */
@ConsumerType
public interface PointRunner {
    /** Runs the point; failures are returned as a result with {@link PointResult#failure()} set. */
    PointResult run(SweepPoint point);
}
