/**
 * The results folder of an experiment (docs/architecture.md, "Experiments and results"): the
 * {@link org.fabrica.experiment.results.ResultsStore} with its journal ({@code points.jsonl}) and
 * folder lock, the point records of the journal and of {@code points.json}
 * ({@link org.fabrica.experiment.results.PointRecords}), {@code points.csv}, the run record
 * ({@link org.fabrica.experiment.results.RunRecord}), a point's series and space-time files
 * ({@link org.fabrica.experiment.results.PointArtefacts},
 * {@link org.fabrica.experiment.results.SeriesTable}) and atomic replacement of every file but the
 * journal ({@link org.fabrica.experiment.results.AtomicFile}); the words of a point's status
 * ({@link org.fabrica.experiment.results.PointStatus}), and a steady run's load points averaged over
 * seeds, from the results or a points.csv ({@link org.fabrica.experiment.results.SteadyPoints}, with
 * the confidence intervals of {@link org.fabrica.experiment.results.MeanConfidence}). Every table is written by the stats
 * API's {@code CsvWriter}. A library: the runner writes the folder during a run, the report bundle
 * adds the final outputs to it.
 */
@Export
@Version("1.7.0")
package org.fabrica.experiment.results;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
