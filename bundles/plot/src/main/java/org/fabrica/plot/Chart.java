package org.fabrica.plot;

import java.util.List;

/**
 * A line chart, or a grouped bar chart when it has categories: what the results folder's plots and the report show. One model, painted by
 * one painter onto SVG or a Java2D image, so the two always agree.
 *
 * @param title title line
 * @param subtitle smaller second line, may be empty
 * @param xLabel abscissa label with its unit
 * @param yLabel ordinate label with its unit
 * @param logY logarithmic ordinate (positive values only)
 * @param series the curves, drawn in distinct colours (and markers) in this order
 * @param markers draw a marker at every point (for a few measured points); false draws lines only
 *        (for long series such as the windows of a ramp-load run)
 * @param categories empty for a line chart; else a grouped bar chart with one group per category,
 *        in this order, and in each group one bar per series: series s has its bar of category i
 *        at y[i] (x is not used); a NaN leaves the bar out
 * @param identityLine draw the line y = x (e.g. accepted against offered traffic: where all of the
 *        offered load is delivered); the axes then share one range
 */
public record Chart(String title, String subtitle, String xLabel, String yLabel, boolean logY, List<Series> series,
        boolean markers, List<String> categories, boolean identityLine) {
    public Chart {
        series = List.copyOf(series);
        subtitle = subtitle == null ? "" : subtitle;
        categories = List.copyOf(categories);
        for (Series s : series) {
            if (!categories.isEmpty() && s.size() != categories.size()) {
                throw new IllegalArgumentException("bar series '" + s.label() + "' has " + s.size() + " values for "
                        + categories.size() + " categories; give one value per category");
            }
        }
    }

    /** A line chart. */
    public Chart(String title, String subtitle, String xLabel, String yLabel, boolean logY, List<Series> series,
            boolean markers) {
        this(title, subtitle, xLabel, yLabel, logY, series, markers, List.of(), false);
    }

    /** The same chart with the line y = x drawn. */
    public Chart withIdentityLine() {
        return new Chart(title, subtitle, xLabel, yLabel, logY, series, markers, categories, true);
    }

    /** A grouped bar chart: one group per category, one bar per series in each group (linear ordinate). */
    public static Chart bars(String title, String subtitle, String xLabel, String yLabel, List<String> categories,
            List<Series> series) {
        return new Chart(title, subtitle, xLabel, yLabel, false, series, false, categories, false);
    }

    /**
     * The span of latencies past which Fabrica's load-latency charts use a logarithmic axis
     * ({@link #spansMoreThan}): the lower curves would take a twentieth of the height or less.
     *
     * @since 1.1
     */
    public static final double LOG_SPAN = 20;

    /**
     * Whether the curves' positive ordinates span more than {@code factor} (largest over smallest):
     * past some factor the lower curves take too little of a linear axis to be read, and a
     * logarithmic one ({@link #logY}) keeps every curve readable.
     *
     * @since 1.1
     */
    public static boolean spansMoreThan(List<Series> curves, double factor) {
        double min = Double.POSITIVE_INFINITY;
        double max = 0;
        for (Series s : curves) {
            for (int i = 0; i < s.size(); i++) {
                double y = s.yAt(i);
                if (y > 0 && Double.isFinite(y)) {
                    min = Math.min(min, y);
                    max = Math.max(max, y);
                }
            }
        }
        return max > factor * min;
    }

    /** True for a grouped bar chart. */
    public boolean bars() {
        return !categories.isEmpty();
    }

    /** A chart with a marker at every point. */
    public Chart(String title, String subtitle, String xLabel, String yLabel, boolean logY, List<Series> series) {
        this(title, subtitle, xLabel, yLabel, logY, series, true);
    }
}
