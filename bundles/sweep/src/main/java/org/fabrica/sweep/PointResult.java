package org.fabrica.sweep;

import java.util.List;
import java.util.Map;
import org.fabrica.stats.Metric;

/**
 * The outcome of one point.
 *
 * @param point the point
 * @param metrics measured values (empty on failure)
 * @param notes other facts of the run (e.g. swaps, truncation), as text
 * @param failure null when the point succeeded, else the message naming the culprit
 * @param wallMillis wall time of the point's simulation
 */
public record PointResult(SweepPoint point, List<Metric> metrics, Map<String, String> notes, String failure,
        long wallMillis) {
    public boolean failed() {
        return failure != null;
    }
}
