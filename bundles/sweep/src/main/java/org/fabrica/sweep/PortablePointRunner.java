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
    /** The experiment the points belong to, as data. */
    ShippedExperiment experiment();

    /**
     * Takes a point's result from another member: stores the files it wrote beside this run's
     * results and returns the result to report.
     */
    PointResult accept(ShippedResult shipped);
}
