package org.fabrica.plot;

/**
 * One curve of a chart: points (x[i], y[i]) joined in order of x. Points with a NaN coordinate
 * are not drawn.
 *
 * @param label legend text
 * @param x abscissae
 * @param y ordinates
 * @param style index of its colour and marker in the palette, or -1 for its position in the chart
 *        (a fixed style keeps one scheme's colour across charts that leave some schemes out)
 * @param low lower ends of error bars (e.g. a 95% confidence interval over seeds), or null for none;
 *        a NaN leaves that point's bar out
 * @param high upper ends of error bars, or null (given with {@code low})
 * @param dashed its line drawn dashed (e.g. the second of two runs set beside each other, in the
 *        first one's style); markers and error bars stay solid
 */
public record Series(String label, double[] x, double[] y, int style, double[] low, double[] high, boolean dashed) {
    /** A series styled by its position in the chart. */
    public Series(String label, double[] x, double[] y) {
        this(label, x, y, -1);
    }

    /** A series without error bars. */
    public Series(String label, double[] x, double[] y, int style) {
        this(label, x, y, style, null, null);
    }

    /** A series drawn with a solid line. */
    public Series(String label, double[] x, double[] y, int style, double[] low, double[] high) {
        this(label, x, y, style, low, high, false);
    }

    /**
     * This series with a dashed line.
     *
     * @since 1.1
     */
    public Series asDashed() {
        return new Series(label, x, y, style, low, high, true);
    }

    public Series {
        if (x.length != y.length) {
            throw new IllegalArgumentException("series '" + label + "' has " + x.length + " x values and "
                    + y.length + " y values");
        }
        if ((low == null) != (high == null) || low != null && (low.length != x.length || high.length != x.length)) {
            throw new IllegalArgumentException("series '" + label + "': error bars need low and high ends for every "
                    + "point");
        }
        x = x.clone();
        y = y.clone();
        low = low == null ? null : low.clone();
        high = high == null ? null : high.clone();
    }

    @Override
    public double[] low() {
        return low == null ? null : low.clone();
    }

    @Override
    public double[] high() {
        return high == null ? null : high.clone();
    }

    boolean errorBars() {
        return low != null;
    }

    double lowAt(int i) {
        return low[i];
    }

    double highAt(int i) {
        return high[i];
    }

    @Override
    public double[] x() {
        return x.clone();
    }

    @Override
    public double[] y() {
        return y.clone();
    }

    int size() {
        return x.length;
    }

    double xAt(int i) {
        return x[i];
    }

    double yAt(int i) {
        return y[i];
    }
}
