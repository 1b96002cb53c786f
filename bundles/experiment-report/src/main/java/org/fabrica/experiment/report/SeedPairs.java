package org.fabrica.experiment.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fabrica.experiment.results.PointRecords;
import org.fabrica.sweep.PointResult;

/**
 * Pairing by seed, for the summaries' paired differences ({@link ModeSummary}, {@link SteadySummary}):
 * a seed draws the same traffic for every scheme, so one scheme's value minus another's at the same
 * seed leaves the traffic's share of the spread out.
 */
final class SeedPairs {
    private SeedPairs() {
    }

    /** A metric's defined values by the points' {@code seed} notes (points without one are left out). */
    static Map<String, Double> bySeed(List<PointResult> results, String metric) {
        Map<String, Double> out = new LinkedHashMap<>();
        for (PointResult r : results) {
            double v = PointRecords.metric(r, metric);
            String seed = r.notes().get("seed");
            if (seed != null && Double.isFinite(v)) {
                out.put(seed, v);
            }
        }
        return out;
    }

    /** {@code values} minus {@code base}, seed by seed, over the seeds both have. */
    static List<Double> differences(Map<String, Double> values, Map<String, Double> base) {
        List<Double> d = new ArrayList<>();
        values.forEach((seed, v) -> {
            Double w = base.get(seed);
            if (w != null) {
                d.add(v - w);
            }
        });
        return d;
    }
}
