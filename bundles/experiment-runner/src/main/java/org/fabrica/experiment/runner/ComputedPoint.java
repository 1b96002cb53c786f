package org.fabrica.experiment.runner;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fabrica.experiment.plan.SweepPlan;
import org.fabrica.experiment.study.StudyPoint;
import org.fabrica.stats.Metric;
import org.fabrica.sweep.PointResult;
import org.fabrica.sweep.SweepPoint;

/** The result of a point its mode computed without packet simulation ({@link PointJob#computed}). */
final class ComputedPoint {
    private ComputedPoint() {
    }

    /** The point's metrics with the notes every point has: row, column, load note, seed, status. */
    static PointResult result(SweepPlan plan, StudyPoint point, SweepPoint sp, List<Metric> metrics, String status,
            String failure, long wallMillis) {
        Map<String, String> notes = new LinkedHashMap<>();
        notes.put(PointSimulation.PATTERN, plan.spec().patternLabels().get(point.pattern()));
        notes.put(PointSimulation.SCHEME, plan.columnLabels().get(point.scheme()));
        notes.put(PointSimulation.LOAD, plan.spec().study().loadNote(point));
        notes.put(PointSimulation.SEED, Long.toString(point.seed()));
        notes.put(PointSimulation.STATUS, status);
        notes.put(PointSimulation.SATURATED, "false");
        return new PointResult(sp, List.copyOf(metrics), notes, failure, wallMillis);
    }
}
