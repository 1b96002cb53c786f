package org.fabrica.experiment.runner.results;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.fabrica.experiment.runner.plot.Chart;
import org.fabrica.experiment.runner.plot.Series;
import org.fabrica.sweep.PointResult;

/**
 * The charts of a results folder, per traffic pattern: average packet latency against accepted
 * traffic (the classic load-latency curve, one series per scheme, saturated points left out
 * because their latency only measures the drain limit), and accepted against offered traffic
 * (where saturation shows). Several seeds of one load are averaged into one point.
 */
public final class ResultCharts {
    /** A chart and the file name stem it is written under ({@code plots/<stem>.svg}). */
    public record NamedChart(String stem, String pattern, Chart chart) {
    }

    /** Seed-averaged values of one scheme at one load. */
    record Averaged(double load, double offered, double accepted, double latency, boolean saturated, int seeds) {
    }

    private ResultCharts() {
    }

    static List<NamedChart> charts(List<PointResult> results, List<String> patterns, List<String> schemes, int seeds) {
        List<NamedChart> out = new ArrayList<>();
        String seedNote = seeds > 1 ? "; mean of " + seeds + " seeds" : "";
        for (String pattern : patterns) {
            List<Series> latency = new ArrayList<>();
            List<Series> throughput = new ArrayList<>();
            int saturated = 0;
            for (String scheme : schemes) {
                List<Averaged> pts = averaged(results, pattern, scheme);
                if (pts.isEmpty()) {
                    continue;
                }
                List<double[]> lat = new ArrayList<>();
                double[] tx = new double[pts.size()];
                double[] ty = new double[pts.size()];
                for (int i = 0; i < pts.size(); i++) {
                    Averaged a = pts.get(i);
                    tx[i] = a.load();
                    ty[i] = a.accepted();
                    if (a.saturated()) {
                        saturated++;
                    } else {
                        lat.add(new double[] {a.accepted(), a.latency()});
                    }
                }
                double[] lx = new double[lat.size()];
                double[] ly = new double[lat.size()];
                for (int i = 0; i < lat.size(); i++) {
                    lx[i] = lat.get(i)[0];
                    ly[i] = lat.get(i)[1];
                }
                latency.add(new Series(scheme, lx, ly, schemes.indexOf(scheme)));
                throughput.add(new Series(scheme, tx, ty, schemes.indexOf(scheme)));
            }
            String stem = stem(pattern);
            String latSub = "average packet latency (generation to delivery)"
                    + (saturated > 0 ? "; " + saturated + " saturated point" + (saturated == 1 ? "" : "s") + " not shown" : "")
                    + seedNote;
            out.add(new NamedChart("latency-" + stem, pattern, new Chart(pattern + ": latency vs accepted traffic", latSub,
                    "accepted traffic (flits/node/cycle)", "average latency (cycles)", false, latency)));
            out.add(new NamedChart("throughput-" + stem, pattern, new Chart(pattern + ": accepted vs offered traffic",
                    "flits delivered in the measurement window" + seedNote, "offered traffic (flits/node/cycle)",
                    "accepted traffic (flits/node/cycle)", false, throughput)));
        }
        return out;
    }

    /** Successful points of one pattern and scheme, averaged over seeds, by load. */
    static List<Averaged> averaged(List<PointResult> results, String pattern, String scheme) {
        Map<Double, double[]> sums = new TreeMap<>(); // load -> offered, accepted, latency, saturated, count
        for (PointResult r : results) {
            if (r.failed() || !pattern.equals(r.notes().get("pattern")) || !scheme.equals(r.notes().get("scheme"))) {
                continue;
            }
            double load = Double.parseDouble(r.notes().getOrDefault("load", "NaN"));
            double[] s = sums.computeIfAbsent(load, k -> new double[5]);
            s[0] += PointRecords.metric(r, "offered");
            s[1] += PointRecords.metric(r, "accepted");
            s[2] += PointRecords.metric(r, "latency.avg");
            s[3] += Boolean.parseBoolean(r.notes().get("saturated")) ? 1 : 0;
            s[4] += 1;
        }
        List<Averaged> out = new ArrayList<>();
        for (Map.Entry<Double, double[]> e : sums.entrySet()) {
            double[] s = e.getValue();
            out.add(new Averaged(e.getKey(), s[0] / s[4], s[1] / s[4], s[2] / s[4], s[3] > 0, (int) s[4]));
        }
        return out;
    }

    static String stem(String label) {
        return label.replaceAll("[^A-Za-z0-9._-]", "_");
    }
}
