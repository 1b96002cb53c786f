/**
 * The final outputs of a run (docs/architecture.md, "Experiments and results"), written into its
 * results folder by {@link org.fabrica.experiment.report.FinalOutputs} when its points are done:
 * points.json, what the study mode's outputs describe ({@link org.fabrica.experiment.study.StudyOutputs}
 * of the study API, drawn here by summary and chart kind: the summary tables of
 * {@link org.fabrica.experiment.report.ModeSummary},
 * {@link org.fabrica.experiment.report.SteadySummary} and
 * {@link org.fabrica.experiment.report.SchedulabilitySummary}, summary.csv, derived series, the
 * end-of-run text), the charts ({@link org.fabrica.experiment.report.ResultCharts} and the series
 * charts, drawn by the {@code plot} library) and the offline {@code report.html}. The experiment's
 * identity and provenance come in as {@link org.fabrica.experiment.report.ExperimentFacts}. A
 * library of the runner: study modes describe their outputs in the study API and import nothing
 * here. {@link org.fabrica.experiment.report.TextTable} is the one text-table formatter: the
 * summary tables here and the shell's tables (1.5).
 *
 * <p>2.0: the outputs' implementations a mode picked here (StudyOutputs, LoadPointOutputs,
 * SeriesOutputs, CircuitOutputs, ReportColumn, LatencyUnit, SeriesCharts, ModeSummary.TableSpec)
 * are gone: a mode describes its outputs in the study API (3.0) and
 * {@link org.fabrica.experiment.report.FinalOutputs} draws them, its end-of-run text included
 * ({@link org.fabrica.experiment.report.FinalOutputs#text}).
 */
@Export
@Version("2.0.0")
package org.fabrica.experiment.report;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
