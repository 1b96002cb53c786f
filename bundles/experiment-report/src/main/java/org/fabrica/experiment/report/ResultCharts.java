package org.fabrica.experiment.report;

import java.util.ArrayList;
import java.util.List;
import org.fabrica.experiment.results.PointRecords;
import org.fabrica.experiment.results.SteadyPoints;
import org.fabrica.experiment.study.StudyChart;
import org.fabrica.plot.Chart;
import org.fabrica.plot.Series;
import org.fabrica.sweep.PointResult;

/**
 * The charts of a results folder, per traffic pattern: average packet latency against accepted
 * traffic (the classic load-latency curve, one series per scheme, saturated points left out
 * because their latency only measures the drain limit; on a log axis when the latencies span more
 * than {@link #LOG_SPAN} times), and accepted against offered traffic
 * (where saturation shows, as the distance below the line y = x). Several seeds of one load are
 * averaged into one point, with error bars of the 95% confidence interval of the mean.
 */
public final class ResultCharts {
    /** A chart and the file name stem it is written under ({@code plots/<stem>.svg}). */
    public record NamedChart(String stem, String pattern, Chart chart) {
    }

    private ResultCharts() {
    }

    static List<NamedChart> charts(List<PointResult> results, List<String> patterns, List<String> schemes, int seeds) {
        return charts(results, patterns, schemes, seeds, StudyChart.LatencyUnit.CYCLES);
    }

    /** The charts, latencies drawn in {@code unit}. */
    static List<NamedChart> charts(List<PointResult> results, List<String> patterns, List<String> schemes, int seeds,
            StudyChart.LatencyUnit unit) {
        return charts(results, patterns, schemes, seeds, unit, 0);
    }

    /**
     * The charts, latencies drawn in {@code unit}; {@code window} is the experiment's measurement
     * window in cycles (0 when unknown), against which the points a saturation check cut are counted.
     */
    static List<NamedChart> charts(List<PointResult> results, List<String> patterns, List<String> schemes, int seeds,
            StudyChart.LatencyUnit unit, long window) {
        List<NamedChart> out = new ArrayList<>();
        String seedNote = seeds > 1 ? "; mean of " + seeds + " seeds, bars: 95% confidence interval" : "";
        for (String pattern : patterns) {
            List<Series> latency = new ArrayList<>();
            List<Series> throughput = new ArrayList<>();
            int saturated = 0;
            for (String scheme : schemes) {
                List<SteadyPoints.Averaged> pts = SteadyPoints.averaged(results, pattern, scheme);
                if (pts.isEmpty()) {
                    continue;
                }
                List<double[]> lat = new ArrayList<>();
                double[] tx = new double[pts.size()];
                double[] ty = new double[pts.size()];
                double[] tlo = new double[pts.size()];
                double[] thi = new double[pts.size()];
                for (int i = 0; i < pts.size(); i++) {
                    SteadyPoints.Averaged a = pts.get(i);
                    tx[i] = a.load();
                    ty[i] = a.accepted();
                    tlo[i] = a.accepted() - a.acceptedCi();
                    thi[i] = a.accepted() + a.acceptedCi();
                    if (a.saturated()) {
                        saturated++;
                    } else {
                        lat.add(new double[] {a.accepted(), a.latency() * unit.perCycle(), a.latencyCi() * unit.perCycle()});
                    }
                }
                double[] lx = new double[lat.size()];
                double[] ly = new double[lat.size()];
                double[] llo = new double[lat.size()];
                double[] lhi = new double[lat.size()];
                for (int i = 0; i < lat.size(); i++) {
                    lx[i] = lat.get(i)[0];
                    ly[i] = lat.get(i)[1];
                    llo[i] = ly[i] - lat.get(i)[2];
                    lhi[i] = ly[i] + lat.get(i)[2];
                }
                // error bars only when there are seeds to spread over
                boolean bars = seeds > 1;
                latency.add(new Series(scheme, lx, ly, schemes.indexOf(scheme), bars ? llo : null, bars ? lhi : null));
                throughput.add(new Series(scheme, tx, ty, schemes.indexOf(scheme), bars ? tlo : null, bars ? thi : null));
            }
            String stem = stem(pattern);
            String cut = cutWindows(results, pattern, window);
            boolean log = spansMoreThanLogSpan(latency);
            String latSub = "average packet latency (generation to delivery)" + (log ? ", log scale" : "")
                    + (saturated > 0 ? "; " + saturated + " saturated point" + (saturated == 1 ? "" : "s") + " not shown" : "")
                    + seedNote;
            out.add(new NamedChart("latency-" + stem, pattern, new Chart(pattern + ": latency vs accepted traffic", latSub,
                    "accepted traffic (flits/node/cycle)", "average latency (" + unit.label() + ")", log, latency)));
            out.add(new NamedChart("throughput-" + stem, pattern, new Chart(pattern + ": accepted vs offered traffic",
                    "flits delivered in the measurement window" + cut + seedNote, "offered traffic (flits/node/cycle)",
                    "accepted traffic (flits/node/cycle)", false, throughput).withIdentityLine()));
        }
        return out;
    }

    /** Latencies this many times the smallest put the latency chart on a logarithmic axis. */
    static final double LOG_SPAN = Chart.LOG_SPAN;

    /**
     * Whether the latency curves span more than {@link #LOG_SPAN} (largest over smallest positive
     * mean): on a linear axis the lower curves would then take a twentieth of the height or less,
     * as when one point just past saturation is still "ok" (it delivered nearly all it was offered)
     * at a latency a hundred times the others'. A log axis keeps every curve readable.
     */
    static boolean spansMoreThanLogSpan(List<Series> curves) {
        return Chart.spansMoreThan(curves, LOG_SPAN);
    }

    /**
     * "; N points ended at the saturation check (accepted over the window's first C cycles)" when
     * a saturation check cut the window of some of the pattern's points (their {@code window.cycles}
     * is shorter than the experiment's {@code window}), else "".
     */
    static String cutWindows(List<PointResult> results, String pattern, long window) {
        int cut = 0;
        double check = Double.NaN;
        for (PointResult r : results) {
            double w = PointRecords.metric(r, "window.cycles"); // NaN without a check: never below
            if (!r.failed() && pattern.equals(r.notes().get("pattern")) && w < window) {
                cut++;
                check = w;
            }
        }
        return cut == 0 ? "" : "; " + cut + " point" + (cut == 1 ? "" : "s") + " ended at the saturation check"
                + " (accepted over the window's first " + (long) check + " cycles)";
    }

    static String stem(String label) {
        return label.replaceAll("[^A-Za-z0-9._-]", "_");
    }
}
