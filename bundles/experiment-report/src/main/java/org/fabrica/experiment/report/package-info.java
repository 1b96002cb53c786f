/**
 * The final outputs of a run (docs/architecture.md, "Experiments and results"), written into its
 * results folder by {@link org.fabrica.experiment.report.FinalOutputs} when its points are done:
 * points.json, what the study mode adds ({@link org.fabrica.experiment.report.StudyOutputs}: the
 * summary tables of {@link org.fabrica.experiment.report.ModeSummary},
 * {@link org.fabrica.experiment.report.SteadySummary} and
 * {@link org.fabrica.experiment.report.SchedulabilitySummary}, summary.csv, derived series, the
 * end-of-run text), the charts ({@link org.fabrica.experiment.report.ResultCharts},
 * {@link org.fabrica.experiment.report.SeriesCharts}, drawn by the {@code plot} library) and the
 * offline {@code report.html}. The experiment's identity and provenance come in as
 * {@link org.fabrica.experiment.report.ExperimentFacts}. A library: the runner's study modes pick
 * their outputs here. {@link org.fabrica.experiment.report.TextTable} is the one text-table
 * formatter: the summary tables here and the shell's tables (1.5).
 */
@Export
@Version("1.5.0")
package org.fabrica.experiment.report;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
