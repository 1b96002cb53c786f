package org.fabrica.shell;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.fabrica.plot.Chart;
import org.fabrica.plot.Series;
import org.fabrica.stats.CsvReader;

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
    /** The columns of points.csv the charts read. */
    static final List<String> COLUMNS = List.of("pattern", "scheme", "load", "status", "offered", "accepted",
            "latency.avg");

    /** One row of points.csv: a point of one pattern, scheme, load and seed. */
    record Row(String pattern, String scheme, double load, boolean saturated, double offered, double accepted,
            double latency) {
    }

    /** A chart and its file name stem. */
    record Named(String stem, Chart chart) {
    }

    /** Seed-averaged values of one scheme at one load. */
    private record Mean(double offered, double accepted, double latency, boolean saturated) {
    }

    private ComparisonCharts() {
    }

    /**
     * The rows of a points table; failed points (status other than ok or saturated) are left out.
     *
     * @throws IllegalArgumentException naming the table and the columns it lacks
     */
    static List<Row> rows(String name, String csv) {
        List<List<String>> records = CsvReader.records(name, csv);
        List<String> header = records.isEmpty() ? List.of() : records.get(0);
        List<String> missing = new ArrayList<>();
        int[] at = new int[COLUMNS.size()];
        for (int i = 0; i < COLUMNS.size(); i++) {
            at[i] = header.indexOf(COLUMNS.get(i));
            if (at[i] < 0) {
                missing.add(COLUMNS.get(i));
            }
        }
        if (!missing.isEmpty()) {
            throw new IllegalArgumentException(name + ": no column " + String.join(", ", missing) + "; --plot draws the"
                    + " points.csv of load-latency runs (mode steady), which have " + String.join(", ", COLUMNS));
        }
        List<Row> rows = new ArrayList<>();
        for (int r = 1; r < records.size(); r++) {
            List<String> rec = records.get(r);
            String status = rec.get(at[3]);
            if (!"ok".equals(status) && !"saturated".equals(status)) {
                continue;
            }
            rows.add(new Row(rec.get(at[0]), rec.get(at[1]), ResultsComparison.number(rec.get(at[2])),
                    "saturated".equals(status), ResultsComparison.number(rec.get(at[4])),
                    ResultsComparison.number(rec.get(at[5])), ResultsComparison.number(rec.get(at[6]))));
        }
        return rows;
    }

    /** Per pattern of either table (in order of appearance), a latency (in cycles) and a throughput chart of both. */
    static List<Named> charts(String nameA, List<Row> a, String nameB, List<Row> b) {
        return charts(nameA, a, nameB, b, Double.NaN);
    }

    /**
     * The charts, latency in microseconds when {@code cycleNs} (nanoseconds per cycle) is given,
     * else (NaN) in cycles.
     */
    static List<Named> charts(String nameA, List<Row> a, String nameB, List<Row> b, double cycleNs) {
        boolean us = !Double.isNaN(cycleNs);
        if (us && !(cycleNs > 0 && Double.isFinite(cycleNs))) {
            throw new IllegalArgumentException("--cycle-ns " + cycleNs + ": give the length of a cycle in nanoseconds, "
                    + "a positive number (e.g. 5.12 for 64-byte flits at 100 Gbps)");
        }
        double perCycle = us ? cycleNs / 1000 : 1;
        Set<String> patterns = new LinkedHashSet<>();
        Set<String> schemeSet = new LinkedHashSet<>();
        for (List<Row> rows : List.of(a, b)) {
            for (Row r : rows) {
                patterns.add(r.pattern());
                schemeSet.add(r.scheme());
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
                    Map<Double, Mean> points = means(k == 0 ? a : b, pattern, scheme);
                    if (points.isEmpty()) {
                        continue;
                    }
                    String label = scheme + " (" + (k == 0 ? nameA : nameB) + ")";
                    int style = schemes.indexOf(scheme);
                    List<Mean> carried = new ArrayList<>();
                    double[] tx = new double[points.size()];
                    double[] ty = new double[points.size()];
                    int i = 0;
                    for (Mean m : points.values()) {
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

    /** The points of one pattern and scheme, averaged over seeds, by load; saturated if any seed is. */
    private static Map<Double, Mean> means(List<Row> rows, String pattern, String scheme) {
        Map<Double, List<Row>> byLoad = new TreeMap<>();
        for (Row r : rows) {
            if (r.pattern().equals(pattern) && r.scheme().equals(scheme)) {
                byLoad.computeIfAbsent(r.load(), k -> new ArrayList<>()).add(r);
            }
        }
        Map<Double, Mean> out = new TreeMap<>();
        for (Map.Entry<Double, List<Row>> e : byLoad.entrySet()) {
            double offered = 0;
            double accepted = 0;
            double latency = 0;
            boolean saturated = false;
            for (Row r : e.getValue()) {
                offered += r.offered();
                accepted += r.accepted();
                latency += r.latency();
                saturated |= r.saturated();
            }
            int n = e.getValue().size();
            out.put(e.getKey(), new Mean(offered / n, accepted / n, latency / n, saturated));
        }
        return out;
    }
}
