package org.fabrica.sweep;

import org.osgi.annotation.versioning.ConsumerType;

/** Receives results as points finish (from executor threads; implementations synchronise). */
@ConsumerType
public interface SweepListener {
    void finished(PointResult result);
}
