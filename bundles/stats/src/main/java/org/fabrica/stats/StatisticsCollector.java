package org.fabrica.stats;

import java.util.List;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * An observer that summarises a run into metrics.
 *
 * <p><b>Contract of a collector selected by an experiment</b> ({@link StatisticsCollectorFactory},
 * since 1.4):
 * <ul>
 * <li>Events arrive on the point's simulation thread, in simulation order; the per-event and
 * per-cycle methods must not allocate (count into fields and arrays made at creation).
 * {@link #cycleEnd(long)} may be reported more than once for the same cycle: count a cycle once.</li>
 * <li>{@link #results(long)} is called once, after the run. Metric names are local to the
 * collector ({@code p99}, {@code mean}); the results tables write them as columns
 * {@code <label>.<name>}, so they must be unique within the list, and the same names in the same
 * order for every point of an experiment (they depend only on the parameters and the context,
 * never on what was observed). A value that is undefined (no packet measured) is NaN, written as
 * an empty cell.</li>
 * </ul>
 */
@ConsumerType
public interface StatisticsCollector extends NetworkObserver {
    /**
     * The metrics, in a stable order, after the run ended at {@code endCycle} (the first cycle
     * not simulated).
     */
    List<Metric> results(long endCycle);
}
