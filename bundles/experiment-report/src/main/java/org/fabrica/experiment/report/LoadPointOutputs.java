package org.fabrica.experiment.report;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.fabrica.sweep.PointResult;

/**
 * The results of load points (steady mode): latency and throughput against offered load per
 * pattern ({@link ResultCharts}) and summary.csv, the seeds' means and confidence intervals per
 * pattern, scheme and load ({@link SteadySummary}); when a scheme's routes came from a scheduler,
 * also the fallback flows, the latency-vs-offered-load charts and the end-of-run text.
 */
public final class LoadPointOutputs implements StudyOutputs {
    private final LatencyUnit latencyUnit;
    /** The measurement window in cycles, 0 when unknown. */
    private final long window;

    /** Latencies drawn in cycles. */
    public LoadPointOutputs() {
        this(LatencyUnit.CYCLES, 0);
    }

    /** Latencies drawn in {@code latencyUnit} (the charts; the CSV files stay in cycles); the window unknown. */
    public LoadPointOutputs(LatencyUnit latencyUnit) {
        this(latencyUnit, 0);
    }

    /**
     * Latencies drawn in {@code latencyUnit} (the charts; the CSV files stay in cycles);
     * {@code window} is the measurement window in cycles ({@code measure}), 0 when unknown: the
     * throughput chart counts the points a saturation check cut short of it.
     *
     * @since 1.3
     */
    public LoadPointOutputs(LatencyUnit latencyUnit, long window) {
        this.latencyUnit = latencyUnit;
        this.window = window;
    }

    @Override
    public String seriesNote() {
        return "";
    }

    @Override
    public List<ModeSummary.Table> tables(ExperimentFacts facts, List<PointResult> results) {
        return List.of();
    }

    @Override
    public Finished finish(Path dir, ExperimentFacts facts, List<PointResult> results, List<ModeSummary.Table> tables) {
        List<ResultCharts.NamedChart> charts = ResultCharts.charts(results, facts.patterns(), facts.schemes(),
                facts.seeds(), latencyUnit, window);
        // mean and confidence interval per load point for every sweep: points.csv has one row per seed
        List<SteadySummary.Row> rows = SteadySummary.rows(facts.patterns(), facts.schemes(), reference(facts), results);
        String summary = SteadySummary.csv(rows);
        if (SteadySummary.applies(results)) { // a scheme's routes came from a scheduler
            charts = new ArrayList<>(charts);
            charts.addAll(SteadySummary.charts(facts.patterns(), facts.schemes(), rows));
        }
        return new Finished(charts, summary, Map.of(), List.of(), SteadySummary.pairedSection(reference(facts), rows));
    }

    /** The reference of the paired differences: the experiment's baseline, else its first scheme. */
    private static String reference(ExperimentFacts facts) {
        return facts.baseline() != null ? facts.baseline() : facts.schemes().isEmpty() ? null : facts.schemes().get(0);
    }

    @Override
    public List<ReportColumn> columns() {
        return ReportColumn.LOAD_POINTS;
    }

    @Override
    public String tablesNote(ExperimentFacts facts) {
        return "";
    }

    @Override
    public String text(ExperimentFacts facts, List<PointResult> results, int threads) {
        List<SteadySummary.Row> rows = SteadySummary.rows(facts.patterns(), facts.schemes(), reference(facts), results);
        String paired = SteadySummary.pairedText(reference(facts), rows);
        if (SteadySummary.applies(results)) {
            return SteadySummary.text(rows) + paired;
        }
        return paired.isEmpty() ? ModeSummary.text(List.of()) : paired;
    }
}
