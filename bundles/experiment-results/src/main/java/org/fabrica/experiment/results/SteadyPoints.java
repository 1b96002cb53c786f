package org.fabrica.experiment.results;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.fabrica.stats.CsvReader;
import org.fabrica.stats.Metric;
import org.fabrica.sweep.PointResult;
import org.fabrica.sweep.SweepPoint;

/**
 * The load points of a load-latency (steady) run averaged over seeds: what a run's charts and
 * {@code fabrica compare --plot} draw, from the results in memory or from a points.csv. Written once
 * here so that the two draw the same thing.
 */
public final class SteadyPoints {
    private static final String OFFERED = "offered";
    private static final String ACCEPTED = "accepted";
    private static final String LATENCY = "latency.avg";

    /** The points.csv columns a steady run's points are read from: three notes, the status, three metrics. */
    public static final List<String> COLUMNS = List.of("pattern", "scheme", "load", PointStatus.NOTE, OFFERED,
            ACCEPTED, LATENCY);

    /**
     * Seed-averaged values of one scheme at one load, with the half-widths of the 95% confidence
     * intervals of the mean accepted traffic and latency ({@link MeanConfidence}; NaN with one seed);
     * saturated when any seed is.
     */
    public record Averaged(double load, double offered, double accepted, double latency, boolean saturated, int seeds,
            double acceptedCi, double latencyCi) {
    }

    private SteadyPoints() {
    }

    /** The points of one pattern and scheme that did not fail, averaged over seeds, by increasing load. */
    public static List<Averaged> averaged(List<PointResult> results, String pattern, String scheme) {
        Map<Double, List<PointResult>> byLoad = new TreeMap<>();
        for (PointResult r : results) {
            if (r.failed() || !pattern.equals(r.notes().get("pattern")) || !scheme.equals(r.notes().get("scheme"))) {
                continue;
            }
            double load = Double.parseDouble(r.notes().getOrDefault("load", "NaN"));
            byLoad.computeIfAbsent(load, k -> new ArrayList<>()).add(r);
        }
        List<Averaged> out = new ArrayList<>();
        for (Map.Entry<Double, List<PointResult>> e : byLoad.entrySet()) {
            List<Double> offered = new ArrayList<>();
            List<Double> accepted = new ArrayList<>();
            List<Double> latency = new ArrayList<>();
            boolean saturated = false;
            for (PointResult r : e.getValue()) {
                offered.add(PointRecords.metric(r, OFFERED));
                accepted.add(PointRecords.metric(r, ACCEPTED));
                latency.add(PointRecords.metric(r, LATENCY));
                saturated |= PointStatus.saturated(r);
            }
            out.add(new Averaged(e.getKey(), MeanConfidence.mean(offered), MeanConfidence.mean(accepted),
                    MeanConfidence.mean(latency), saturated, e.getValue().size(), MeanConfidence.halfWidth(accepted),
                    MeanConfidence.halfWidth(latency)));
        }
        return out;
    }

    /**
     * The finished points (status ok or saturated) of a points.csv, as results carrying the notes
     * and metrics {@link #averaged} reads; points that failed or were stopped are left out.
     *
     * @param name the table's name in messages, e.g. its path
     * @throws IllegalArgumentException naming the table and the columns of {@link #COLUMNS} it lacks
     *         (a table of another study mode), or a value that is not a number
     */
    public static List<PointResult> fromCsv(String name, String csv) {
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
            throw new IllegalArgumentException(name + ": no column " + String.join(", ", missing) + "; only the"
                    + " points.csv of a load-latency run (mode steady) has the load points, with "
                    + String.join(", ", COLUMNS));
        }
        List<PointResult> out = new ArrayList<>();
        for (int r = 1; r < records.size(); r++) {
            List<String> rec = records.get(r);
            String status = rec.get(at[3]);
            if (!PointStatus.finished(status)) {
                continue;
            }
            Map<String, String> notes = new LinkedHashMap<>();
            notes.put("pattern", rec.get(at[0]));
            notes.put("scheme", rec.get(at[1]));
            notes.put("load", Double.toString(cell(name, r, COLUMNS.get(2), rec.get(at[2]))));
            notes.put(PointStatus.NOTE, status);
            notes.put(PointStatus.SATURATED_NOTE, Boolean.toString(PointStatus.SATURATED.equals(status)));
            List<Metric> metrics = new ArrayList<>();
            for (int c = 4; c < COLUMNS.size(); c++) {
                metrics.add(new Metric(COLUMNS.get(c), cell(name, r, COLUMNS.get(c), rec.get(at[c])), "", ""));
            }
            out.add(new PointResult(new SweepPoint("", name + "#" + r, r - 1), metrics, notes, null, 0));
        }
        return out;
    }

    /**
     * A metric cell of a points table: its number; an empty cell is NaN (an undefined metric, e.g. a
     * saturated point's latency).
     *
     * @throws IllegalArgumentException naming table, row and column when the cell is anything else
     */
    public static double cell(String name, int row, String column, String cell) {
        if (cell.isEmpty()) {
            return Double.NaN;
        }
        try {
            return Double.parseDouble(cell);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + ", row " + row + ": " + column + " is '" + cell
                    + "', not a number; a points table holds numbers in its metric columns (empty where a metric"
                    + " is undefined): correct the cell or take the table the run wrote", e);
        }
    }
}
