package org.fabrica.experiment.runner.plot;

import java.util.List;

/**
 * A line chart: what the results folder's plots and the report show. One model, painted by
 * {@link ChartPainter} onto SVG or a Java2D image, so the two always agree.
 *
 * @param title title line
 * @param subtitle smaller second line, may be empty
 * @param xLabel abscissa label with its unit
 * @param yLabel ordinate label with its unit
 * @param logY logarithmic ordinate (positive values only)
 * @param series the curves, drawn in distinct colours (and markers) in this order
 * @param markers draw a marker at every point (for a few measured points); false draws lines only
 *        (for long series such as the windows of a ramp-load run)
 */
public record Chart(String title, String subtitle, String xLabel, String yLabel, boolean logY, List<Series> series,
        boolean markers) {
    public Chart {
        series = List.copyOf(series);
        subtitle = subtitle == null ? "" : subtitle;
    }

    /** A chart with a marker at every point. */
    public Chart(String title, String subtitle, String xLabel, String yLabel, boolean logY, List<Series> series) {
        this(title, subtitle, xLabel, yLabel, logY, series, true);
    }
}
