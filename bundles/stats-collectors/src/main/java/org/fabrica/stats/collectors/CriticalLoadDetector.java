package org.fabrica.stats.collectors;

/**
 * The critical load of a throughput-versus-offered-load curve (docs/studies/spth.md, "Two ways of
 * offering load", 1): the load at which the gradient d(throughput)/d(load) first falls by
 * {@code drop} (10%) below its value in the linear region. A pure function of the two arrays
 * (normally the smoothed series of one ramp-load run, both in flits/node/cycle).
 *
 * <p>Definitions, all measured in points of the curve after leaving out points where either
 * value is NaN or infinite:
 * <ul>
 * <li><b>Linear region</b>: the first {@code ceil(linearFraction * m)} points of the m points (at
 * least 2), i.e. the lowest {@code linearFraction} of the load range when the load rises linearly
 * with time. Its gradient g0 is the least-squares slope of throughput against load over those
 * points. Choose {@code linearFraction} so that the region ends well below the knee of every
 * curve compared (the default 0.1 is 0 .. 0.0275 flits/node/cycle for the study's ramp).</li>
 * <li><b>Local gradient</b> at point i: the least-squares slope over the
 * {@code 2 * floor(gradientPoints / 2) + 1} points centred on i. Only points whose window lies
 * wholly inside the curve are examined (when the curve is shorter than one window, the window
 * shrinks to the whole curve).</li>
 * <li><b>Critical point</b>: the first examined point, in order of the curve, whose local
 * gradient is below {@code (1 - drop) * g0}. Its load is the critical load.</li>
 * </ul>
 * A curve whose linear-region gradient is not positive, or whose gradient never falls that far,
 * has no critical point ({@link Result#found()} false, load NaN).
 *
 * <p><b>Choosing the gradient window.</b> Throughput per window is a count of random arrivals,
 * so the local gradient is noisy: with white noise of standard deviation s per point and load
 * steps dx, the least-squares slope over N points has a standard deviation of about
 * {@code s / (dx * sqrt(N^3 / 12))}. For the study's 32 x 32 ramp (27,500 windows of 100 cycles,
 * dx = 1e-5, s about 0.003 flits/node/cycle near the knee) N = 200 gives about 0.3, enough to
 * cross a 10% threshold by chance, and N = 1000 (0.01 flits/node/cycle) about 0.03: hence the
 * default of 1000. A wider window is steadier but finds a sharp knee earlier, by about 0.3 N dx
 * (for a slope that drops from 1 to 0).
 */
public final class CriticalLoadDetector {

    /**
     * Detector parameters.
     *
     * @param linearFraction fraction (0, 1) of the curve's points, from its start, that forms the
     *        linear region
     * @param gradientPoints points in the window of the local least-squares gradient, at least 2
     * @param drop relative fall of the gradient (0, 1) that marks the critical point
     */
    public record Settings(double linearFraction, int gradientPoints, double drop) {
        public static final double DEFAULT_LINEAR_FRACTION = 0.1;
        public static final int DEFAULT_GRADIENT_POINTS = 1000;
        public static final double DEFAULT_DROP = 0.1;
        public static final Settings DEFAULT = new Settings(DEFAULT_LINEAR_FRACTION, DEFAULT_GRADIENT_POINTS,
                DEFAULT_DROP);

        public Settings {
            if (!(linearFraction > 0 && linearFraction < 1)) {
                throw new IllegalArgumentException("linearFraction = " + linearFraction
                        + "; use a fraction of the curve strictly between 0 and 1, e.g. 0.1");
            }
            if (gradientPoints < 2) {
                throw new IllegalArgumentException("gradientPoints = " + gradientPoints
                        + "; a gradient needs a window of at least 2 points");
            }
            if (!(drop > 0 && drop < 1)) {
                throw new IllegalArgumentException("drop = " + drop
                        + "; use a relative fall strictly between 0 and 1, e.g. 0.1 for 10%");
            }
        }
    }

    /**
     * Outcome of a detection.
     *
     * @param load critical load (NaN when not found)
     * @param index index of the critical point in the input arrays (-1 when not found)
     * @param throughput throughput at the critical point (NaN when not found)
     * @param linearGradient gradient g0 of the linear region (NaN when the curve is too short)
     * @param gradient local gradient at the critical point (NaN when not found)
     */
    public record Result(double load, int index, double throughput, double linearGradient, double gradient) {
        public boolean found() {
            return index >= 0;
        }
    }

    private CriticalLoadDetector() {
    }

    /**
     * Finds the critical point of the curve (load[i], throughput[i]).
     *
     * @throws IllegalArgumentException when the arrays differ in length
     */
    public static Result detect(double[] load, double[] throughput, Settings settings) {
        if (load.length != throughput.length) {
            throw new IllegalArgumentException("the curve has " + load.length + " loads and " + throughput.length
                    + " throughput values; give one throughput per load");
        }
        int m = 0;
        int[] index = new int[load.length];
        for (int i = 0; i < load.length; i++) {
            if (Double.isFinite(load[i]) && Double.isFinite(throughput[i])) {
                index[m++] = i;
            }
        }
        double[] x = new double[m];
        double[] y = new double[m];
        for (int k = 0; k < m; k++) {
            x[k] = load[index[k]];
            y[k] = throughput[index[k]];
        }
        if (m < 3) {
            return new Result(Double.NaN, -1, Double.NaN, Double.NaN, Double.NaN);
        }
        int linear = Math.max(2, (int) Math.ceil(settings.linearFraction() * m));
        double g0 = slope(x, y, 0, Math.min(linear, m) - 1);
        if (!(g0 > 0)) {
            return new Result(Double.NaN, -1, Double.NaN, g0, Double.NaN);
        }
        int half = Math.min(settings.gradientPoints() / 2, (m - 1) / 2);
        double limit = (1 - settings.drop()) * g0;
        for (int i = half; i + half < m; i++) {
            double g = slope(x, y, i - half, i + half);
            if (g < limit) {
                return new Result(x[i], index[i], y[i], g0, g);
            }
        }
        return new Result(Double.NaN, -1, Double.NaN, g0, Double.NaN);
    }

    /** Least-squares slope of y against x over [from, to] (centred sums); NaN when x does not vary. */
    static double slope(double[] x, double[] y, int from, int to) {
        int n = to - from + 1;
        double mx = 0;
        double my = 0;
        for (int i = from; i <= to; i++) {
            mx += x[i];
            my += y[i];
        }
        mx /= n;
        my /= n;
        double sxy = 0;
        double sxx = 0;
        for (int i = from; i <= to; i++) {
            double dx = x[i] - mx;
            sxy += dx * (y[i] - my);
            sxx += dx * dx;
        }
        return sxx > 0 ? sxy / sxx : Double.NaN;
    }
}
