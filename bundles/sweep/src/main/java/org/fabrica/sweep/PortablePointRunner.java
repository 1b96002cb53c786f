package org.fabrica.sweep;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * A point runner whose points can also be run on another member from the experiment's text
 * ({@link ShippedPointRunner}). An executor that ships points asks for {@link #experiment()} once,
 * sends it with each point, and hands every result that comes back to {@link #accept} before it
 * reports it to the listener.
 */
@ConsumerType
public interface PortablePointRunner extends PointRunner {
    /**
     * The run was told to stop: an executor that ships points sends no more and returns (the
     * points without a result are run by a resumed run); a local point sees it by itself.
     */
    boolean stopRequested();

    /** The experiment the points belong to, as data. */
    ShippedExperiment experiment();

    /**
     * Takes a point's result from another member: stores the files it wrote beside this run's
     * results and returns the result to report.
     */
    PointResult accept(ShippedResult shipped);
}
