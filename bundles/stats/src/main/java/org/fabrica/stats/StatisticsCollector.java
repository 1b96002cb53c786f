package org.fabrica.stats;

import java.util.List;
import org.osgi.annotation.versioning.ConsumerType;

/** An observer that summarises a run into metrics. */
@ConsumerType
public interface StatisticsCollector extends NetworkObserver {
    /** The metrics, in a stable order, after the run ended at {@code endCycle}. */
    List<Metric> results(long endCycle);
}
