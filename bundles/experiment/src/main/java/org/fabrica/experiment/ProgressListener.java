package org.fabrica.experiment;

import org.fabrica.sweep.PointResult;
import org.osgi.annotation.versioning.ConsumerType;

/** Progress of a run, for progress bars. */
@ConsumerType
public interface ProgressListener {
    /** Fraction done of the whole run, 0..1, and a short status line. */
    default void progress(double fraction, String status) {
    }

    /** A point finished. */
    default void pointFinished(PointResult result) {
    }
}
