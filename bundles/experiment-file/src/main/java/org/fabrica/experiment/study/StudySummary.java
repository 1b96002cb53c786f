package org.fabrica.experiment.study;

import java.util.List;
import java.util.Objects;

/**
 * The summary of a run's results, by kind: what the terminal prints when the run ends, what
 * summary.csv holds and the summary tables of the report. The report bundle computes it from the
 * finished points (docs/plugin-guide.md, "A new study mode"). Since 3.0.
 */
public sealed interface StudySummary {
    /**
     * Tables patterns x schemes, one per point metric: each cell the mean over the seeds where the
     * metric is defined, its 95% confidence interval, its ratio to the baseline scheme and the
     * difference to the baseline seed by seed (ramp, collective, m2n, trace). summary.csv has a row
     * per pattern and scheme with every table's columns; the end-of-run text is the tables. No
     * table: no summary.csv rows and no text.
     *
     * @param tables the tables, in order
     * @param note added to the report's "Also in summary.csv" under the tables, e.g.
     *        {@code "; the series of every point are in series/"}; "" for none
     */
    record Tables(List<Table> tables, String note) implements StudySummary {
        public Tables {
            tables = List.copyOf(tables);
            Objects.requireNonNull(note, "note");
        }
    }

    /**
     * One summary table.
     *
     * @param title what the table shows, e.g. {@code Critical load}
     * @param metric the point metric averaged over the seeds, e.g. {@code critical.load}
     * @param unit its unit, e.g. {@code flits/node/cycle}
     */
    record Table(String title, String metric, String unit) {
        public Table {
            Objects.requireNonNull(title, "title");
            Objects.requireNonNull(metric, "metric");
            Objects.requireNonNull(unit, "unit");
        }
    }

    /**
     * Load points (steady): summary.csv holds the mean and 95% confidence interval over the seeds
     * of every pattern, scheme and load, and each scheme's paired differences to the baseline (the
     * first scheme unless the file names one); the report and the end-of-run text show the paired
     * differences when some load has two pairs. When a scheme's routes came from a scheduler, the
     * fallback flows join the text, with a latency-against-offered-load chart per pattern.
     */
    record LoadPoints() implements StudySummary {
    }

    /**
     * Circuit schedulers on random permutations (schedulability): the schedulability ratio and the
     * time per request per topology (the experiment's patterns) and scheduler (its schemes), in
     * summary.csv, in the report's own section in place of the per-pattern ones with a bar chart of
     * the mean ratio per topology, and as the end-of-run text (with a caution when the points ran
     * on several threads at once, as their times are then not comparable).
     */
    record Circuits() implements StudySummary {
    }
}
