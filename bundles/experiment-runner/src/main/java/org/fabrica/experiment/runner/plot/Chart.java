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
 * @param series the curves, drawn in distinct colours and markers in this order
 */
public record Chart(String title, String subtitle, String xLabel, String yLabel, boolean logY, List<Series> series) {
    public Chart {
        series = List.copyOf(series);
        subtitle = subtitle == null ? "" : subtitle;
    }
}
