package org.fabrica.experiment.runner.plot;

/**
 * One curve of a chart: points (x[i], y[i]) joined in order of x. Points with a NaN coordinate
 * are not drawn.
 *
 * @param label legend text
 * @param x abscissae
 * @param y ordinates
 * @param style index of its colour and marker in the palette, or -1 for its position in the chart
 *        (a fixed style keeps one scheme's colour across charts that leave some schemes out)
 */
public record Series(String label, double[] x, double[] y, int style) {
    /** A series styled by its position in the chart. */
    public Series(String label, double[] x, double[] y) {
        this(label, x, y, -1);
    }

    public Series {
        if (x.length != y.length) {
            throw new IllegalArgumentException("series '" + label + "' has " + x.length + " x values and "
                    + y.length + " y values");
        }
        x = x.clone();
        y = y.clone();
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
