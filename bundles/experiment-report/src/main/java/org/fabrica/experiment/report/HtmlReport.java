package org.fabrica.experiment.report;

import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.fabrica.experiment.results.PointRecords;
import org.fabrica.experiment.results.PointStatus;
import org.fabrica.experiment.results.RunRecord;
import org.fabrica.experiment.study.StudyOutputs;
import org.fabrica.plot.Markup;
import org.fabrica.sweep.PointResult;

/**
 * {@code report.html}: one self-contained page (inline CSS and SVG, no script, no external
 * reference) with the charts, a table per pattern, failures, swaps and provenance, viewable
 * offline and archivable with the results.
 */
final class HtmlReport {
    /** A space-time chart of a point: its PNG, inlined as a data URI. */
    /** A space-time chart: its PNG, and the annotated SVG figure when there is one (shown instead). */
    record Figure(String pointId, String file, byte[] png, String svg) {
    }

    private HtmlReport() {
    }

    static String render(ExperimentFacts facts, RunRecord run, List<PointResult> results,
            List<ResultCharts.NamedChart> charts, Map<String, String> inlineSvg, List<String> warnings) {
        return render(facts, run, results, charts, inlineSvg, warnings, List.of(), List.of());
    }

    static String render(ExperimentFacts facts, RunRecord run, List<PointResult> results,
            List<ResultCharts.NamedChart> charts, Map<String, String> inlineSvg, List<String> warnings,
            List<ModeSummary.Table> tables, List<Figure> figures) {
        return render(facts, run, results, charts, inlineSvg, warnings, tables, figures, null);
    }

    /** The report; {@code section} is the mode's own section in place of the per-pattern ones, or null. */
    static String render(ExperimentFacts facts, RunRecord run, List<PointResult> results,
            List<ResultCharts.NamedChart> charts, Map<String, String> inlineSvg, List<String> warnings,
            List<ModeSummary.Table> tables, List<Figure> figures, OutputsDrawing.ReportSection section) {
        StringBuilder h = new StringBuilder(64 * 1024);
        h.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<title>").append(esc(facts.name())).append(" \u2014 Fabrica report</title>\n<style>\n")
                .append(CSS).append("</style>\n</head>\n<body>\n<main>\n");
        h.append("<header><h1>").append(esc(facts.name())).append("</h1>\n");
        if (!facts.description().isBlank()) {
            h.append("<p class=\"lead\">").append(esc(facts.description())).append("</p>\n");
        }
        int ok = 0;
        int saturated = 0;
        int failed = 0;
        for (PointResult r : results) {
            if (r.failed()) {
                failed++;
            } else if (PointStatus.saturated(r)) {
                saturated++;
            } else {
                ok++;
            }
        }
        h.append("<p class=\"facts\">");
        fact(h, "run", run.state().toLowerCase(Locale.ROOT));
        fact(h, "mode", facts.mode());
        fact(h, "points", results.size() + " of " + run.points());
        fact(h, "complete", Integer.toString(ok));
        fact(h, "saturated", Integer.toString(saturated));
        fact(h, "failed", Integer.toString(failed));
        fact(h, "experiment id", facts.experimentId());
        fact(h, "Fabrica", facts.fabricaVersion());
        String builds = builds(results);
        if (builds != null) {
            fact(h, "points by build", builds);
        }
        fact(h, "written", ZonedDateTime.now().format(DateTimeFormatter.ISO_OFFSET_DATE_TIME));
        h.append("</p>\n</header>\n");

        if ("running".equals(run.state()) || "paused".equals(run.state())) {
            h.append("<section class=\"warn\"><h2>Interim report</h2><p>Written while the run goes on, from the ")
                    .append(results.size()).append(" of ").append(run.points())
                    .append(" points finished so far; the run writes this report, its tables and plots again when it"
                            + " ends.</p></section>\n");
        }
        if (!warnings.isEmpty() || run.error() != null) {
            h.append("<section class=\"warn\"><h2>Problems</h2><ul>\n");
            if (run.error() != null) {
                h.append("<li>").append(esc(run.error())).append("</li>\n");
            }
            for (String w : warnings) {
                h.append("<li>").append(esc(w)).append("</li>\n");
            }
            h.append("</ul></section>\n");
        }

        if (!tables.isEmpty()) {
            h.append("<section>\n<h2>Summary</h2>\n");
            for (ModeSummary.Table t : tables) {
                ModeSummary.html(h, t);
            }
            h.append("<p class=\"note\">Also in summary.csv").append(esc(OutputsDrawing.tablesNote(facts.outputs())))
                    .append(".</p>\n</section>\n");
        }

        if (section != null) {
            section.html(h, charts, inlineSvg);
        }

        List<StudyOutputs.Column> columns = facts.outputs().columns();
        // a mode whose section stands in their place (schedulability: rows are topologies) has no per-pattern sections
        boolean patternSections = section == null || !section.inPlaceOfPatterns();
        for (String pattern : patternSections ? facts.patterns() : List.<String>of()) {
            h.append("<section>\n<h2>Pattern: ").append(esc(pattern)).append("</h2>\n<div class=\"charts\">\n");
            for (ResultCharts.NamedChart c : charts) {
                if (c.pattern().equals(pattern)) {
                    figure(h, c, inlineSvg);
                }
            }
            h.append("</div>\n");
            table(h, pattern, facts.schemes(), results, columns);
            h.append("</section>\n");
        }

        if (!figures.isEmpty()) {
            h.append("<section>\n<h2>Space-time charts</h2>\n<p class=\"note\">")
                    .append(esc(facts.spaceTimeNote())).append("</p>\n<div class=\"st\">\n");
            for (Figure f : figures) {
                h.append("<figure>");
                if (f.svg() != null) {
                    h.append(f.svg().replace(" xmlns=\"http://www.w3.org/2000/svg\"", "")); // inline: no namespace URL
                } else {
                    h.append("<img alt=\"space-time chart of ").append(esc(f.pointId())).append("\" src=\"data:image/png;base64,")
                            .append(Base64.getEncoder().encodeToString(f.png())).append("\">");
                }
                h.append("<figcaption>").append(esc(f.pointId())).append(" (").append(esc(f.file()))
                        .append(")</figcaption></figure>\n");
            }
            h.append("</div>\n</section>\n");
        }

        List<PointResult> failures = new ArrayList<>();
        List<String> swaps = new ArrayList<>();
        for (PointResult r : results) {
            if (r.failed()) {
                failures.add(r);
            }
            String s = r.notes().get("swaps");
            if (s != null && !s.isBlank()) {
                swaps.add(r.point().pointId() + ": " + s);
            }
        }
        if (!failures.isEmpty()) {
            h.append("<section><h2>Failed points</h2>\n<table class=\"text\"><thead><tr><th>point</th><th>message</th></tr></thead><tbody>\n");
            for (PointResult r : failures) {
                h.append("<tr><td class=\"id\">").append(esc(r.point().pointId())).append("</td><td class=\"msg\">")
                        .append(esc(r.failure())).append("</td></tr>\n");
            }
            h.append("</tbody></table></section>\n");
        }
        for (String s : run.swaps()) {
            if (!swaps.contains(s)) {
                swaps.add(s);
            }
        }
        if (!swaps.isEmpty()) {
            h.append("<section><h2>Swaps</h2><ul>\n");
            for (String s : swaps) {
                h.append("<li><code>").append(esc(s)).append("</code></li>\n");
            }
            h.append("</ul></section>\n");
        }

        h.append("<section><h2>Provenance</h2>\n<table class=\"text\"><thead><tr><th>where</th><th>provider</th><th>bundle</th>")
                .append("<th>version</th></tr></thead><tbody>\n");
        for (ExperimentFacts.Provider p : facts.providers()) {
            h.append("<tr><td class=\"id\">").append(esc(p.path())).append("</td><td>").append(esc(p.name()))
                    .append("</td><td class=\"id\">").append(esc(p.bundle())).append("</td><td>")
                    .append(esc(p.version())).append("</td></tr>\n");
        }
        h.append("</tbody></table>\n<h3>Sweep</h3>\n<pre>").append(esc(facts.summary())).append("</pre>\n")
                .append("<h3>Resolved experiment (experiment.yaml)</h3>\n<pre>").append(esc(facts.resolvedYaml()))
                .append("</pre>\n</section>\n");
        h.append("<footer>Written by Fabrica ").append(esc(facts.fabricaVersion()))
                .append(". Data: points.csv, points.json, points.jsonl; plots: plots/.</footer>\n");
        h.append("</main>\n</body>\n</html>\n");
        return h.toString();
    }

    /** A chart as a figure: its inline SVG and its caption. */
    static void figure(StringBuilder h, ResultCharts.NamedChart c, Map<String, String> inlineSvg) {
        h.append("<figure>").append(inlineSvg.get(c.stem())).append("<figcaption>").append(esc(c.chart().title()))
                .append(" (plots/").append(esc(c.stem())).append(".svg)</figcaption></figure>\n");
    }

    /**
     * The builds that ran the points, by their {@code commit} note, with how many points each ran
     * ("d5855a3 (62), 9091e30 (4)": most points first, then by name, so the fact does not depend on
     * the order in which parallel points finished; points of a Fabrica that did not note it count as
     * "not noted"); null when no point names one.
     */
    static String builds(List<PointResult> results) {
        Map<String, Integer> count = new LinkedHashMap<>();
        boolean named = false;
        for (PointResult r : results) {
            String c = r.notes().get(PointRecords.COMMIT_NOTE);
            named |= c != null;
            count.merge(c == null ? "not noted" : c, 1, Integer::sum);
        }
        if (!named) {
            return null;
        }
        StringBuilder b = new StringBuilder();
        count.entrySet().stream()
                .sorted(Map.Entry.<String, Integer>comparingByValue().reversed()
                        .thenComparing(Map.Entry.comparingByKey()))
                .forEach(e -> b.append(b.length() == 0 ? "" : ", ").append(e.getKey()).append(" (")
                        .append(e.getValue()).append(')'));
        return b.toString();
    }

    /** A table of text cells: the first row is the header. */
    static void rowsTable(StringBuilder h, List<String[]> rows) {
        h.append("<table><thead><tr>");
        for (String c : rows.get(0)) {
            h.append("<th>").append(esc(c)).append("</th>");
        }
        h.append("</tr></thead><tbody>\n");
        for (String[] row : rows.subList(1, rows.size())) {
            h.append("<tr>");
            for (String c : row) {
                h.append("<td>").append(esc(c)).append("</td>");
            }
            h.append("</tr>\n");
        }
        h.append("</tbody></table>\n");
    }

    private static void fact(StringBuilder h, String name, String value) {
        h.append("<span><b>").append(esc(name)).append("</b> ").append(esc(value)).append("</span>");
    }

    private static void table(StringBuilder h, String pattern, List<String> schemes, List<PointResult> results,
            List<StudyOutputs.Column> columns) {
        h.append("<table><thead><tr><th>scheme</th><th>load</th><th>seed</th><th>status</th>");
        for (StudyOutputs.Column c : columns) {
            h.append("<th>").append(esc(c.heading())).append("</th>");
        }
        h.append("</tr></thead><tbody>\n");
        for (String scheme : schemes) {
            for (PointResult r : results) {
                if (!pattern.equals(r.notes().get("pattern")) || !scheme.equals(r.notes().get("scheme"))) {
                    continue;
                }
                String status = r.notes().getOrDefault(PointStatus.NOTE,
                        r.failed() ? PointStatus.FAILED : PointStatus.OK);
                h.append("<tr class=\"").append(esc(status)).append("\"><td>").append(esc(scheme)).append("</td><td>")
                        .append(esc(r.notes().getOrDefault("load", ""))).append("</td><td>")
                        .append(esc(r.notes().getOrDefault("seed", ""))).append("</td><td>").append(esc(status))
                        .append("</td>");
                for (StudyOutputs.Column c : columns) {
                    h.append("<td>").append(cell(PointRecords.metric(r, c.metric()))).append("</td>");
                }
                h.append("</tr>\n");
            }
        }
        h.append("</tbody></table>\n");
    }

    private static String cell(double v) {
        if (Double.isNaN(v)) {
            return "";
        }
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return Long.toString((long) v);
        }
        double a = Math.abs(v);
        return String.format(Locale.ROOT, a >= 100 ? "%.1f" : a >= 1 ? "%.2f" : "%.4f", v);
    }

    static String esc(String s) {
        return Markup.escape(s);
    }

    private static final String CSS = """
            :root { color-scheme: light; }
            body { margin: 0; background: #f6f7f9; color: #1f2328;
              font: 14px/1.5 "DejaVu Sans", "Segoe UI", Helvetica, Arial, sans-serif; }
            main { margin: 0 auto; padding: 24px 2vw 48px; }
            header h1 { margin: 0 0 4px; font-size: 26px; }
            .lead { margin: 0 0 8px; color: #444; }
            .facts span { display: inline-block; margin: 0 18px 4px 0; color: #333; }
            .facts b { color: #666; font-weight: 600; margin-right: 4px; }
            section { background: #fff; border: 1px solid #e1e4e8; border-radius: 8px; padding: 16px 20px;
              margin: 20px 0; }
            section.warn { border-color: #e5a50a; background: #fffbea; }
            h2 { margin: 0 0 12px; font-size: 19px; }
            h3 { font-size: 15px; margin: 18px 0 8px; }
            .charts { display: flex; flex-wrap: wrap; gap: 16px; }
            figure { margin: 0; flex: 1 1 560px; max-width: 1080px; }
            figure svg { width: 100%; height: auto; border: 1px solid #eee; border-radius: 4px; }
            figcaption { color: #666; font-size: 12px; text-align: center; }
            table { border-collapse: collapse; width: 100%; margin-top: 14px; font-size: 13px; }
            th, td { padding: 4px 8px; border-bottom: 1px solid #eceef1; text-align: right; white-space: nowrap; }
            th { background: #f3f4f6; font-weight: 600; position: sticky; top: 0; }
            th:first-child, td:first-child, td.id, td.msg { text-align: left; }
            td.msg { white-space: normal; }
            table.text th, table.text td { text-align: left; }
            tr.saturated td { color: #9a6700; }
            tr.failed td { color: #cf222e; }
            tbody tr:hover { background: #f8fafc; }
            pre { background: #f6f8fa; border: 1px solid #e1e4e8; border-radius: 6px; padding: 10px 12px;
              overflow-x: auto; font-size: 12.5px; }
            code { font-size: 12.5px; }
            footer { color: #777; font-size: 12px; margin-top: 24px; }
            .note { color: #555; font-size: 13px; }
            h3 small { font-weight: normal; color: #666; }
            .st { display: flex; flex-wrap: wrap; gap: 16px; }
            .st figure { flex: 0 1 auto; max-width: 100%; }
            .st img { image-rendering: pixelated; max-width: 100%; border: 1px solid #ccc; }
            .st svg { max-width: 100%; height: auto; border: 1px solid #eee; }
            """;
}
