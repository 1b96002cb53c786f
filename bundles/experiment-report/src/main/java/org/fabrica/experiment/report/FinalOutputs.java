package org.fabrica.experiment.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fabrica.experiment.results.AtomicFile;
import org.fabrica.experiment.results.PointArtefacts;
import org.fabrica.experiment.results.ResultsStore;
import org.fabrica.experiment.results.RunRecord;
import org.fabrica.plot.ChartRenderer;
import org.fabrica.sweep.PointResult;

/**
 * The final outputs of a run, written into its results folder ({@link ResultsStore}) when its
 * points are done: points.json, the mode's summary.csv and derived files, the plots and the
 * report, each atomically, drawn from what the mode's outputs describe ({@link OutputsDrawing}).
 */
public final class FinalOutputs {
    private FinalOutputs() {
    }

    /**
     * Writes points.json, the plots and the report (each atomically).
     *
     * @return warnings about outputs that could not be produced (the run itself is not failed)
     */
    public static List<String> write(ResultsStore store, ExperimentFacts facts, RunRecord record, boolean plots,
            boolean report) {
        return write(store, facts, record, plots, report, null);
    }

    /**
     * Writes points.json, the plots and the report (each atomically), and for an experiment with
     * variants ({@code variants} not null) variants.csv and the variant charts ({@link VariantCharts}).
     *
     * @return warnings about outputs that could not be produced (the run itself is not failed)
     */
    public static List<String> write(ResultsStore store, ExperimentFacts facts, RunRecord record, boolean plots,
            boolean report, VariantCharts.Grid variants) {
        Path dir = store.dir();
        List<String> warnings = new ArrayList<>();
        List<PointResult> all = store.results();
        store.writePointsJson(facts.name(), facts.experimentId(), facts.fabricaVersion(), all);
        List<ModeSummary.Table> tables = OutputsDrawing.tables(facts, all);
        OutputsDrawing.Finished done = OutputsDrawing.finish(dir, facts, all, tables);
        List<ResultCharts.NamedChart> charts = new ArrayList<>(done.charts());
        warnings.addAll(done.warnings());
        if (variants != null) {
            try {
                VariantCharts.Drawn v = VariantCharts.draw(variants, facts.patterns(), all);
                charts.addAll(v.charts());
                warnings.addAll(v.warnings());
                if (v.csv() != null) {
                    store.writeText(VariantCharts.CSV, v.csv());
                }
            } catch (RuntimeException e) {
                // the points and the other outputs stand without the variant table
                warnings.add(VariantCharts.CSV + " and the variant charts could not be made: " + e);
            }
        }
        for (Map.Entry<String, String> f : done.files().entrySet()) {
            Path target = dir.resolve(f.getKey());
            try {
                Files.createDirectories(target.getParent());
                AtomicFile.write(target, f.getValue());
            } catch (IOException e) {
                warnings.add(f.getKey() + " could not be written: " + e.getMessage());
            }
        }
        if (done.summaryCsv() != null) {
            store.writeText(ResultsStore.SUMMARY, done.summaryCsv());
        }
        Map<String, String> inlineSvg = new LinkedHashMap<>();
        for (ResultCharts.NamedChart c : charts) {
            inlineSvg.put(c.stem(), ChartRenderer.svg(c.chart(), false));
        }
        if (plots) {
            Path dirPlots = dir.resolve(ResultsStore.PLOTS);
            try {
                Files.createDirectories(dirPlots);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot create " + dirPlots + ": " + e.getMessage(), e);
            }
            for (ResultCharts.NamedChart c : charts) {
                try {
                    AtomicFile.write(dirPlots.resolve(c.stem() + ".svg"), ChartRenderer.svg(c.chart(), true));
                } catch (IOException e) {
                    warnings.add("plot " + c.stem() + ".svg: " + e.getMessage());
                }
                try {
                    AtomicFile.write(dirPlots.resolve(c.stem() + ".png"), ChartRenderer.png(c.chart()));
                } catch (IOException | RuntimeException | LinkageError | InternalError e) {
                    // PNG needs the JDK's font support; the SVG and the report do not
                    warnings.add("plot " + c.stem() + ".png could not be drawn: " + e);
                }
            }
        }
        if (report) {
            store.writeText(ResultsStore.REPORT, HtmlReport.render(facts, record, all, charts, inlineSvg, warnings, tables,
                    spaceTimeFigures(dir, all, warnings), done.section()));
        }
        return warnings;
    }

    /**
     * The summary printed when the run ends, as the mode's outputs describe it
     * ({@link org.fabrica.experiment.study.StudySummary}); {@code threads} is the number of points
     * run at once. Since 2.0.
     */
    public static String text(ExperimentFacts facts, List<PointResult> results, int threads) {
        return OutputsDrawing.text(facts, results, threads);
    }

    /** The space-time PNGs of the points, in sweep order, for the report. */
    private static List<HtmlReport.Figure> spaceTimeFigures(Path dir, List<PointResult> all, List<String> warnings) {
        List<HtmlReport.Figure> out = new ArrayList<>();
        Path st = dir.resolve(ResultsStore.SPACE_TIME);
        if (!Files.isDirectory(st)) {
            return out;
        }
        for (PointResult r : all) {
            Path png = st.resolve(PointArtefacts.stem(r.point().pointId()) + ".png");
            if (r.failed() || !Files.isRegularFile(png)) {
                continue;
            }
            Path svg = st.resolve(PointArtefacts.stem(r.point().pointId()) + ".svg");
            try {
                out.add(new HtmlReport.Figure(r.point().pointId(), ResultsStore.SPACE_TIME + "/" + png.getFileName(),
                        Files.readAllBytes(png), Files.isRegularFile(svg) ? Files.readString(svg) : null));
            } catch (IOException e) {
                warnings.add("space-time chart " + png.getFileName() + " unreadable: " + e.getMessage());
            }
        }
        return out;
    }
}
