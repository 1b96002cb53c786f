package org.fabrica.experiment.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.fabrica.experiment.results.MeanConfidence;
import org.fabrica.experiment.results.PointRecords;
import org.fabrica.experiment.results.PointStatus;
import org.fabrica.experiment.results.ResultsStore;
import org.fabrica.plot.Chart;
import org.fabrica.plot.Series;
import org.fabrica.stats.CsvWriter;
import org.fabrica.sweep.PointResult;

/**
 * Summary of a steady experiment (load sweeps): per pattern, scheme and offered load, over the
 * seeds, the offered and accepted throughput and the average latency (each mean with the
 * half-width of its 95% confidence interval, {@link MeanConfidence}), the minimum accepted
 * throughput, the largest latency and how many seeds saturated; written as {@code summary.csv}.
 * When a scheme's routes come from a scheduler ({@code routing.from}, docs/studies/levelwise.md
 * "Beyond the paper") the table also counts the flows that used the fallback routing, is printed at
 * the end of the run, and adds a latency-vs-offered-load chart per pattern (saturated points
 * included, on a log scale).
 *
 * <p>With two seeds or more, each row also gives the paired difference to the experiment's first
 * scheme (the reference) at the same pattern and load, seed by seed: a seed draws the same traffic
 * for every scheme, so the pairs share it and their differences vary less than the schemes' means
 * do. Saturated points pair on accepted throughput; their latency pairs only where it is defined.
 */
public final class SteadySummary {
    /** Metric names of a point whose routes were planned by a scheduler. */
    public static final String FLOWS = "routes.flows";
    public static final String GRANTED = "routes.granted";
    public static final String FALLBACK = "routes.fallbackFlows";

    /**
     * One pattern, scheme and load over its seeds; each {@code ...Ci} is the half-width of the 95%
     * confidence interval of the mean before it (NaN for one seed).
     *
     * @param fallbackMean mean number of fallback flows (NaN for a scheme whose routing plans nothing)
     * @param paired the differences to the reference scheme seed by seed (none for the reference itself)
     */
    public record Row(String pattern, String scheme, double load, int seeds, double offered, double offeredCi,
            double acceptedMean, double acceptedCi, double acceptedMin, double latencyMean, double latencyCi,
            double latencyMax, int saturated, double fallbackMean, double fallbackCi, double fallbackMin,
            double fallbackMax, double flowsMean, double flowsCi, Paired paired) {
    }

    /**
     * A row's differences to the reference scheme's point of the same pattern, load and seed: means
     * over the pairs of this scheme's value minus the reference's, with 95% half-widths (Student's t
     * over the pairs; NaN below 2), and the number of pairs (seeds where both have the metric).
     */
    public record Paired(double acceptedDiff, double acceptedDiffCi, int acceptedPairs, double latencyDiff,
            double latencyDiffCi, int latencyPairs) {
        static final Paired NONE = new Paired(Double.NaN, Double.NaN, 0, Double.NaN, Double.NaN, 0);
    }

    private SteadySummary() {
    }

    /** True when some point's routes came from a scheduler. */
    public static boolean applies(List<PointResult> results) {
        for (PointResult r : results) {
            if (!r.failed() && !Double.isNaN(PointRecords.metric(r, FLOWS))) {
                return true;
            }
        }
        return false;
    }

    /**
     * The rows, patterns and schemes in the given order, loads ascending; failed points are left out.
     * The first scheme is the reference of the paired differences.
     */
    public static List<Row> rows(List<String> patterns, List<String> schemes, List<PointResult> results) {
        return rows(patterns, schemes, schemes.isEmpty() ? null : schemes.get(0), results);
    }

    /**
     * The rows, patterns and schemes in the given order, loads ascending; failed points are left out.
     * Each scheme but {@code reference} has its paired differences to it (none when null).
     */
    public static List<Row> rows(List<String> patterns, List<String> schemes, String reference,
            List<PointResult> results) {
        List<Row> out = new ArrayList<>();
        for (String pattern : patterns) {
            Map<Double, List<PointResult>> ref = reference == null ? Map.of() : byLoad(results, pattern, reference);
            for (String scheme : schemes) {
                boolean isReference = scheme.equals(reference);
                for (Map.Entry<Double, List<PointResult>> e : byLoad(results, pattern, scheme).entrySet()) {
                    Paired paired = reference == null || isReference ? Paired.NONE
                            : paired(e.getValue(), ref.getOrDefault(e.getKey(), List.of()));
                    out.add(row(pattern, scheme, e.getKey(), e.getValue(), paired));
                }
            }
        }
        return out;
    }

    /** The points of a pattern and scheme that did not fail, by load ascending. */
    private static Map<Double, List<PointResult>> byLoad(List<PointResult> results, String pattern, String scheme) {
        Map<Double, List<PointResult>> byLoad = new TreeMap<>();
        for (PointResult r : results) {
            if (!r.failed() && pattern.equals(r.notes().get("pattern")) && scheme.equals(r.notes().get("scheme"))) {
                double load = Double.parseDouble(r.notes().getOrDefault("load", "NaN"));
                byLoad.computeIfAbsent(load, k -> new ArrayList<>()).add(r);
            }
        }
        return byLoad;
    }

    /** The differences of {@code rs} to the reference's points {@code ref}, paired by their seed notes. */
    static Paired paired(List<PointResult> rs, List<PointResult> ref) {
        List<Double> accepted = SeedPairs.differences(SeedPairs.bySeed(rs, "accepted"),
                SeedPairs.bySeed(ref, "accepted"));
        List<Double> latency = SeedPairs.differences(SeedPairs.bySeed(rs, "latency.avg"),
                SeedPairs.bySeed(ref, "latency.avg"));
        return new Paired(MeanConfidence.mean(accepted), MeanConfidence.halfWidth(accepted), accepted.size(),
                MeanConfidence.mean(latency), MeanConfidence.halfWidth(latency), latency.size());
    }

    /** True when some row has a paired difference over 2 seeds or more (then the table gives them). */
    public static boolean hasPairs(List<Row> rows) {
        return rows.stream().anyMatch(r -> r.paired().acceptedPairs() >= 2 || r.paired().latencyPairs() >= 2);
    }

    private static Row row(String pattern, String scheme, double load, List<PointResult> rs, Paired paired) {
        List<Double> offered = new ArrayList<>();
        List<Double> accepted = new ArrayList<>();
        List<Double> latency = new ArrayList<>();
        List<Double> fallback = new ArrayList<>();
        List<Double> flows = new ArrayList<>();
        double latMax = Double.NEGATIVE_INFINITY;
        int saturated = 0;
        for (PointResult r : rs) {
            offered.add(PointRecords.metric(r, "offered"));
            accepted.add(PointRecords.metric(r, "accepted"));
            latency.add(PointRecords.metric(r, "latency.avg"));
            latMax = Math.max(latMax, PointRecords.metric(r, "latency.max"));
            saturated += PointStatus.saturated(r) ? 1 : 0;
            double f = PointRecords.metric(r, FALLBACK);
            if (!Double.isNaN(f)) { // the scheme's routes were planned
                fallback.add(f);
                flows.add(PointRecords.metric(r, FLOWS));
            }
        }
        return new Row(pattern, scheme, load, rs.size(), MeanConfidence.mean(offered), MeanConfidence.halfWidth(offered),
                MeanConfidence.mean(accepted), MeanConfidence.halfWidth(accepted), min(accepted),
                MeanConfidence.mean(latency), MeanConfidence.halfWidth(latency), latMax, saturated,
                MeanConfidence.mean(fallback), MeanConfidence.halfWidth(fallback), min(fallback), max(fallback),
                MeanConfidence.mean(flows), MeanConfidence.halfWidth(flows), paired);
    }

    private static double min(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN);
    }

    private static double max(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
    }

    /**
     * The rows as CSV, one per pattern, scheme and load (LF line ends, as this table always had);
     * the fallback-flow columns only when some row's routes were planned by a scheduler, the paired
     * differences to the first scheme ({@code accepted.diff}, {@code .diff.ci95}, {@code .pairs}, the
     * same for {@code latency.avg}) only when some row has two pairs or more.
     */
    public static String csv(List<Row> rows) {
        boolean planned = rows.stream().anyMatch(r -> !Double.isNaN(r.flowsMean()));
        boolean pairs = hasPairs(rows);
        List<String> header = new ArrayList<>(List.of("pattern", "scheme", "load", "seeds", "offered", "offered.ci95",
                "accepted.mean", "accepted.ci95", "accepted.min", "latency.avg.mean", "latency.avg.ci95", "latency.max",
                "saturatedSeeds"));
        if (planned) {
            header.addAll(List.of("fallbackFlows.mean", "fallbackFlows.ci95", "fallbackFlows.min", "fallbackFlows.max",
                    "flows.mean", "flows.ci95"));
        }
        if (pairs) {
            header.addAll(List.of("accepted.diff", "accepted.diff.ci95", "accepted.pairs", "latency.avg.diff",
                    "latency.avg.diff.ci95", "latency.avg.pairs"));
        }
        CsvWriter csv = new CsvWriter(ResultsStore.SUMMARY, CsvWriter.LineEnd.LF, header);
        for (Row r : rows) {
            csv.field(r.pattern()).field(r.scheme()).field(r.load()).field(r.seeds()).field(r.offered())
                    .field(r.offeredCi()).field(r.acceptedMean()).field(r.acceptedCi()).field(r.acceptedMin())
                    .field(r.latencyMean()).field(r.latencyCi()).field(r.latencyMax()).field(r.saturated());
            if (planned) {
                csv.field(r.fallbackMean()).field(r.fallbackCi()).field(r.fallbackMin()).field(r.fallbackMax())
                        .field(r.flowsMean()).field(r.flowsCi());
            }
            if (pairs) {
                Paired d = r.paired();
                csv.field(d.acceptedDiff()).field(d.acceptedDiffCi()).field(d.acceptedPairs()).field(d.latencyDiff())
                        .field(d.latencyDiffCi()).field(d.latencyPairs());
            }
            csv.endRecord();
        }
        return csv.text();
    }

    /** The rows as a fixed-width table for the terminal. */
    public static String text(List<Row> rows) {
        List<String[]> lines = new ArrayList<>();
        lines.add(new String[] {"PATTERN", "SCHEME", "LOAD", "SEEDS", "ACCEPTED", "(MIN)", "AVG LATENCY", "MAX LATENCY",
            "SATURATED", "FALLBACK FLOWS"});
        for (Row r : rows) {
            lines.add(new String[] {r.pattern(), r.scheme(), CsvWriter.number(r.load()), Integer.toString(r.seeds()),
                format("%.4f", r.acceptedMean()), format("%.4f", r.acceptedMin()), format("%.1f", r.latencyMean()),
                format("%.0f", r.latencyMax()), r.saturated() + "/" + r.seeds(),
                Double.isNaN(r.fallbackMean()) ? "-" : format("%.1f", r.fallbackMean()) + " of "
                        + format("%.0f", r.flowsMean()) + " (" + format("%.0f", r.fallbackMin()) + ".."
                        + format("%.0f", r.fallbackMax()) + ")"});
        }
        StringBuilder sb = new StringBuilder("Routes from a scheduler: mean over seeds per scheme and offered load "
                + "(flits/node/cycle; latency in cycles; fallback flows: mean of flows (min..max))\n");
        TextTable.append(sb, lines);
        return sb.toString();
    }

    /**
     * The paired differences for the terminal: per pattern and load, each other scheme's latency and
     * accepted throughput minus the reference's, seed by seed ("-12.3 ± 4.1 (5)"); empty when no row
     * has two pairs.
     */
    public static String pairedText(String reference, List<Row> rows) {
        if (!hasPairs(rows)) {
            return "";
        }
        StringBuilder sb = new StringBuilder(pairedTitle(reference)).append('\n');
        TextTable.append(sb, pairedRows(reference, rows));
        return sb.toString();
    }

    /**
     * The paired differences as a section of the report, before the per-pattern sections; null when
     * no row has two pairs (one seed, or one scheme).
     */
    static OutputsDrawing.ReportSection pairedSection(String reference, List<Row> rows) {
        if (!hasPairs(rows)) {
            return null;
        }
        return new OutputsDrawing.ReportSection() {
            @Override
            public void html(StringBuilder h, List<ResultCharts.NamedChart> charts, Map<String, String> inlineSvg) {
                h.append("<section>\n<h2>Paired differences</h2>\n<p>").append(HtmlReport.esc(pairedTitle(reference)))
                        .append(". A seed draws the same traffic for every scheme, so differences taken seed by seed"
                                + " leave out what the seeds move alike in both. Also in summary.csv"
                                + " (accepted.diff, latency.avg.diff and their ci95 and pairs).</p>\n");
                HtmlReport.rowsTable(h, pairedRows(reference, rows));
                h.append("</section>\n");
            }

            @Override
            public boolean inPlaceOfPatterns() {
                return false;
            }
        };
    }

    private static String pairedTitle(String reference) {
        return "Minus " + reference + ", seed by seed (accepted in flits/node/cycle, latency in cycles;"
                + " mean \u00b1 95% half-width (pairs))";
    }

    /** The header and a row per pattern, other scheme and load. */
    private static List<String[]> pairedRows(String reference, List<Row> rows) {
        List<String[]> lines = new ArrayList<>();
        lines.add(new String[] {"PATTERN", "SCHEME", "LOAD", "ACCEPTED DIFF", "LATENCY DIFF"});
        for (Row r : rows) {
            if (r.scheme().equals(reference)) {
                continue;
            }
            Paired d = r.paired();
            lines.add(new String[] {r.pattern(), r.scheme(), CsvWriter.number(r.load()),
                pair(4, d.acceptedDiff(), d.acceptedDiffCi(), d.acceptedPairs()),
                pair(1, d.latencyDiff(), d.latencyDiffCi(), d.latencyPairs())});
        }
        return lines;
    }

    /** "mean ± half-width (pairs)" with {@code digits} decimals; "-" without a pair. */
    private static String pair(int digits, double mean, double ci, int pairs) {
        if (pairs == 0) {
            return "-";
        }
        return format("%+." + digits + "f", mean) + (Double.isFinite(ci) ? " \u00b1 " + format("%." + digits + "f", ci)
                : "") + " (" + pairs + ")";
    }

    /** Latency vs offered load per pattern, every scheme a curve, saturated points included (log scale). */
    public static List<ResultCharts.NamedChart> charts(List<String> patterns, List<String> schemes, List<Row> rows) {
        List<ResultCharts.NamedChart> out = new ArrayList<>();
        for (String pattern : patterns) {
            List<Series> series = new ArrayList<>();
            for (int s = 0; s < schemes.size(); s++) {
                List<Row> mine = new ArrayList<>();
                for (Row r : rows) {
                    if (r.pattern().equals(pattern) && r.scheme().equals(schemes.get(s))
                            && r.latencyMean() > 0) {
                        mine.add(r);
                    }
                }
                double[] x = new double[mine.size()];
                double[] y = new double[mine.size()];
                for (int i = 0; i < x.length; i++) {
                    x[i] = mine.get(i).load();
                    y[i] = mine.get(i).latencyMean();
                }
                series.add(new Series(schemes.get(s), x, y, s));
            }
            out.add(new ResultCharts.NamedChart("latency-offered-" + ResultCharts.stem(pattern), pattern,
                    new Chart(pattern + ": latency vs offered load", "mean over seeds; saturated points included",
                            "offered load (flits/node/cycle)", "average packet latency (cycles, log scale)", true, series,
                            true)));
        }
        return out;
    }

    private static String format(String f, double v) {
        return Double.isFinite(v) ? String.format(Locale.ROOT, f, v) : "-";
    }
}
