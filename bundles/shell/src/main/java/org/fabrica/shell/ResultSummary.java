package org.fabrica.shell;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.fabrica.experiment.report.TextTable;
import org.fabrica.experiment.results.PointStatus;
import org.fabrica.stats.Metric;
import org.fabrica.sweep.PointResult;

/**
 * The summary table printed after a run: one row per point. The point's coordinates come from its
 * notes ({@code pattern}, {@code scheme}, {@code load}, {@code seed}) and the figures from its
 * metrics ({@code offered}, {@code accepted}, {@code latency.avg}, {@code latency.p99}). A point
 * is saturated when its metric {@code saturated} is non-zero or it has a note {@code saturated} or
 * {@code truncated} (the run ended at the drain limit). A missing value prints as "-".
 * Points of a schedulability experiment (metric {@code ratio.mean}) have their own columns: the
 * topology, the scheduler, the schedulability ratio and the time per request.
 */
final class ResultSummary {
    static final String NOTE_PATTERN = "pattern";
    static final String NOTE_SCHEME = "scheme";
    static final String NOTE_LOAD = "load";
    static final String NOTE_SEED = "seed";
    static final String NOTE_TRUNCATED = "truncated";
    static final String NOTE_STATUS = PointStatus.NOTE;
    static final String NOTE_STOPPED = PointStatus.STOPPED;
    static final String OFFERED = "offered";
    static final String ACCEPTED = "accepted";
    static final String LATENCY_AVG = "latency.avg";
    static final String LATENCY_P99 = "latency.p99";
    static final String SATURATED = "saturated";
    static final String RATIO_MEAN = "ratio.mean";
    static final String RATIO_MIN = "ratio.min";
    static final String RATIO_MAX = "ratio.max";
    static final String TIME_PER_REQUEST = "time.perRequest";

    private ResultSummary() {
    }

    /** The table, rows in sweep order. */
    static String table(List<PointResult> results) {
        if (schedulability(results)) {
            TextTable t = new TextTable("TOPOLOGY", "SCHEDULER", "SEED", "RATIO MEAN", "MIN", "MAX", "NS/REQUEST",
                    "STATUS").rightAlign(2, 3, 4, 5, 6);
            for (PointResult r : inOrder(results)) {
                Map<String, String> notes = r.notes() == null ? Map.of() : r.notes();
                t.row(notes.get(NOTE_PATTERN), notes.get(NOTE_SCHEME), notes.get(NOTE_SEED),
                        number(metric(r, RATIO_MEAN), "%.4f"), number(metric(r, RATIO_MIN), "%.4f"),
                        number(metric(r, RATIO_MAX), "%.4f"), number(metric(r, TIME_PER_REQUEST), "%.0f"),
                        stopped(notes) ? "stopped" : r.failed() ? "FAILED" : "ok");
            }
            return t.render();
        }
        String[] headers = {"PATTERN", "SCHEME", "LOAD", "SEED", "OFFERED", "ACCEPTED", "AVG LATENCY", "P99 LATENCY",
            "SATURATED"};
        String[] units = {null, null, null, null, unit(results, OFFERED), unit(results, ACCEPTED),
            unit(results, LATENCY_AVG), unit(results, LATENCY_P99), null};
        List<String[]> rows = new ArrayList<>();
        for (PointResult r : inOrder(results)) {
            Map<String, String> notes = r.notes() == null ? Map.of() : r.notes();
            rows.add(new String[] {notes.get(NOTE_PATTERN), notes.get(NOTE_SCHEME), notes.get(NOTE_LOAD),
                notes.get(NOTE_SEED), number(metric(r, OFFERED), "%.4f"), number(metric(r, ACCEPTED), "%.4f"),
                number(metric(r, LATENCY_AVG), "%.1f"), number(metric(r, LATENCY_P99), "%.1f"),
                stopped(notes) ? "stopped" : r.failed() ? "FAILED" : saturated(r)});
        }
        // a column no point fills (a collective or m2n run has no load, rates or saturation) is left out
        List<Integer> kept = new ArrayList<>();
        for (int c = 0; c < headers.length; c++) {
            boolean filled = c < 2 || c == 3;
            for (String[] row : rows) {
                filled |= row[c] != null;
            }
            if (filled) {
                kept.add(c);
            }
        }
        String[] shown = new String[kept.size()];
        List<Integer> right = new ArrayList<>();
        // the units under the table, one entry per unit: in the headers they made the table 144 columns wide
        Map<String, List<String>> byUnit = new java.util.LinkedHashMap<>();
        for (int i = 0; i < kept.size(); i++) {
            int c = kept.get(i);
            shown[i] = headers[c];
            if (units[c] != null) {
                byUnit.computeIfAbsent(units[c], u -> new ArrayList<>()).add(headers[c]);
            }
            if (c >= 2 && c <= 7) {
                right.add(i);
            }
        }
        TextTable t = new TextTable(shown).rightAlign(right.stream().mapToInt(Integer::intValue).toArray());
        for (String[] row : rows) {
            Object[] cells = new Object[kept.size()];
            for (int i = 0; i < kept.size(); i++) {
                cells[i] = row[kept.get(i)];
            }
            t.row(cells);
        }
        if (byUnit.isEmpty()) {
            return t.render();
        }
        List<String> parts = new ArrayList<>();
        byUnit.forEach((unit, columns) -> parts.add(String.join(", ", columns) + " in " + unit));
        return t.render() + TextTable.fit("Units: " + String.join("; ", parts) + ".") + "\n";
    }

    /** The unit of a metric as the points report it, or null when none does. */
    private static String unit(List<PointResult> results, String name) {
        for (PointResult r : results) {
            if (r.metrics() != null) {
                for (Metric m : r.metrics()) {
                    if (name.equals(m.name()) && m.unit() != null && !m.unit().isEmpty()) {
                        return m.unit();
                    }
                }
            }
        }
        return null;
    }

    /** True when some point measured a schedulability ratio (and so the experiment is of that mode). */
    private static boolean schedulability(List<PointResult> results) {
        for (PointResult r : results) {
            if (metric(r, RATIO_MEAN) != null) {
                return true;
            }
        }
        return false;
    }

    /** One line per failed point (not the ones a stop cut short): {@code point <id> failed: <message>}. */
    static List<String> failures(List<PointResult> results) {
        List<String> out = new ArrayList<>();
        for (PointResult r : inOrder(results)) {
            if (r.failed() && !stopped(r.notes() == null ? Map.of() : r.notes())) {
                out.add("point " + (r.point() == null ? "?" : r.point().pointId()) + " failed: " + r.failure());
            }
        }
        return out;
    }

    static boolean anyFailed(List<PointResult> results) {
        for (PointResult r : results) {
            if (r.failed()) {
                return true;
            }
        }
        return false;
    }

    /** The value of a metric, or null when the point has none of that name. */
    static Double metric(PointResult r, String name) {
        if (r.metrics() == null) {
            return null;
        }
        for (Metric m : r.metrics()) {
            if (name.equals(m.name())) {
                return m.value();
            }
        }
        return null;
    }

    /** True when the point is marked saturated (or truncated) by the runner. */
    static boolean isSaturated(PointResult r) {
        return "yes".equals(saturated(r));
    }

    private static String saturated(PointResult r) {
        Double s = metric(r, SATURATED);
        Map<String, String> notes = r.notes() == null ? Map.of() : r.notes();
        boolean known = s != null || notes.containsKey(SATURATED) || notes.containsKey(NOTE_TRUNCATED);
        if (!known) {
            return null;
        }
        boolean yes = flag(notes, NOTE_TRUNCATED) || flag(notes, SATURATED) || (s != null && s != 0 && !s.isNaN());
        return yes ? "yes" : "no";
    }

    /** The runner's note {@code status=stopped}: the run was stopped before the point ended. */
    private static boolean stopped(Map<String, String> notes) {
        return NOTE_STOPPED.equals(notes.get(NOTE_STATUS));
    }

    /** A note that is present and not "false". */
    private static boolean flag(Map<String, String> notes, String key) {
        return notes.containsKey(key) && !"false".equalsIgnoreCase(notes.get(key));
    }

    private static String number(Double v, String format) {
        if (v == null) {
            return null;
        }
        return String.format(Locale.ROOT, format, v);
    }

    private static List<PointResult> inOrder(List<PointResult> results) {
        List<PointResult> sorted = new ArrayList<>(results);
        sorted.sort(Comparator.comparingInt(r -> r.point() == null ? Integer.MAX_VALUE : r.point().index()));
        return sorted;
    }
}
