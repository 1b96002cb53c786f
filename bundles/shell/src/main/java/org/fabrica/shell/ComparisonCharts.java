package org.fabrica.shell;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.fabrica.experiment.results.SteadyPoints;
import org.fabrica.plot.Chart;
import org.fabrica.plot.Series;
import org.fabrica.sweep.PointResult;

/**
 * {@code fabrica compare A B --plot DIR}: the load-latency and throughput charts of two results
 * folders drawn on the same axes, per traffic pattern: each scheme in one style, A's curve solid
 * and B's dashed (e.g. one experiment with a shared crossbar and with VOQ crossbar access, or a
 * plug-in against the provider it replaces). As in a run's own charts, latency is drawn against
 * accepted traffic without the saturated points (their latency measures the drain limit), on a
 * logarithmic axis when it spans more than {@link Chart#LOG_SPAN}, and accepted against offered
 * traffic with the line y = x; several seeds of a load are averaged. Latency is in cycles, the
 * unit of points.csv, or in microseconds for a cycle length given ({@code --cycle-ns}).
 */
final class ComparisonCharts {
    /** A chart and its file name stem. */
    record Named(String stem, Chart chart) {
    }

    private ComparisonCharts() {
    }

    /**
     * The finished points of a points table ({@link SteadyPoints#fromCsv}); failed and stopped
     * points are left out.
     *
     * @throws IllegalArgumentException naming the table and the columns it lacks
     */
    static List<PointResult> rows(String name, String csv) {
        return SteadyPoints.fromCsv(name, csv);
    }

    /** Per pattern of either table (in order of appearance), a latency (in cycles) and a throughput chart of both. */
    static List<Named> charts(String nameA, List<PointResult> a, String nameB, List<PointResult> b) {
        return charts(nameA, a, nameB, b, Double.NaN);
    }

    /**
     * The charts, latency in microseconds when {@code cycleNs} (nanoseconds per cycle) is given,
     * else (NaN) in cycles.
     */
    static List<Named> charts(String nameA, List<PointResult> a, String nameB, List<PointResult> b, double cycleNs) {
        boolean us = !Double.isNaN(cycleNs);
        if (us && !(cycleNs > 0 && Double.isFinite(cycleNs))) {
            throw new IllegalArgumentException("--cycle-ns " + cycleNs + ": give the length of a cycle in nanoseconds, "
                    + "a positive number (e.g. 5.12 for 64-byte flits at 100 Gbps)");
        }
        double perCycle = us ? cycleNs / 1000 : 1;
        Set<String> patterns = new LinkedHashSet<>();
        Set<String> schemeSet = new LinkedHashSet<>();
        for (List<PointResult> rows : List.of(a, b)) {
            for (PointResult r : rows) {
                patterns.add(r.notes().get("pattern"));
                schemeSet.add(r.notes().get("scheme"));
            }
        }
        List<String> schemes = new ArrayList<>(schemeSet);
        List<Named> out = new ArrayList<>();
        for (String pattern : patterns) {
            List<Series> latency = new ArrayList<>();
            List<Series> throughput = new ArrayList<>();
            int saturated = 0;
            for (String scheme : schemes) {
                for (int k = 0; k < 2; k++) {
                    List<SteadyPoints.Averaged> points = SteadyPoints.averaged(k == 0 ? a : b, pattern, scheme);
                    if (points.isEmpty()) {
                        continue;
                    }
                    String label = scheme + " (" + (k == 0 ? nameA : nameB) + ")";
                    int style = schemes.indexOf(scheme);
                    List<SteadyPoints.Averaged> carried = new ArrayList<>();
                    double[] tx = new double[points.size()];
                    double[] ty = new double[points.size()];
                    int i = 0;
                    for (SteadyPoints.Averaged m : points) {
                        tx[i] = m.offered();
                        ty[i++] = m.accepted();
                        if (m.saturated()) {
                            saturated++;
                        } else {
                            carried.add(m);
                        }
                    }
                    double[] lx = new double[carried.size()];
                    double[] ly = new double[carried.size()];
                    for (int j = 0; j < carried.size(); j++) {
                        lx[j] = carried.get(j).accepted();
                        ly[j] = carried.get(j).latency() * perCycle;
                    }
                    Series l = new Series(label, lx, ly, style);
                    Series t = new Series(label, tx, ty, style);
                    latency.add(k == 0 ? l : l.asDashed());
                    throughput.add(k == 0 ? t : t.asDashed());
                }
            }
            boolean log = Chart.spansMoreThan(latency, Chart.LOG_SPAN);
            String both = nameA + " solid, " + nameB + " dashed";
            String latSub = both + "; average packet latency (generation to delivery)" + (log ? ", log scale" : "")
                    + (saturated > 0 ? "; " + saturated + " saturated point" + (saturated == 1 ? "" : "s")
                    + " not shown" : "");
            String stem = pattern.replaceAll("[^A-Za-z0-9._-]", "_");
            out.add(new Named("compare-latency-" + stem, new Chart(pattern + ": latency vs accepted traffic", latSub,
                    "accepted traffic (flits/node/cycle)", "average latency (" + (us ? "us, " + cycleNs + " ns cycles"
                    : "cycles") + ")", log, latency)));
            out.add(new Named("compare-throughput-" + stem, new Chart(pattern + ": accepted vs offered traffic",
                    both + "; flits delivered in the measurement window", "offered traffic (flits/node/cycle)",
                    "accepted traffic (flits/node/cycle)", false, throughput).withIdentityLine()));
        }
        return out;
    }
}
