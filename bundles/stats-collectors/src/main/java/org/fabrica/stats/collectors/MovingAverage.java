package org.fabrica.stats.collectors;

/**
 * Centred moving average, the smoothing of the ramp-load curves (docs/studies/spth.md, "Two ways
 * of offering load", 1: a moving average over 200 points). A pure function.
 */
public final class MovingAverage {
    /** Default number of points averaged (the study's 200). */
    public static final int DEFAULT_POINTS = 200;

    private MovingAverage() {
    }

    /**
     * Point i of the result is the mean of the finite values among {@code values[i - (p-1)/2 ..
     * i + p/2]} (p = {@code points}; centred, so the smoothed curve does not lag the offered load),
     * the window clipped at both ends of the array. NaN values (e.g. a window without packets) are
     * left out of the mean; the result is NaN only where the whole window is NaN. {@code points = 1}
     * returns a copy.
     *
     * @throws IllegalArgumentException when {@code points < 1}
     */
    public static double[] smooth(double[] values, int points) {
        if (points < 1) {
            throw new IllegalArgumentException("moving average over " + points + " points; use at least 1");
        }
        int n = values.length;
        double[] sum = new double[n + 1];
        int[] count = new int[n + 1];
        for (int i = 0; i < n; i++) {
            boolean finite = Double.isFinite(values[i]);
            sum[i + 1] = sum[i] + (finite ? values[i] : 0);
            count[i + 1] = count[i] + (finite ? 1 : 0);
        }
        int before = (points - 1) / 2;
        int after = points / 2;
        double[] out = new double[n];
        for (int i = 0; i < n; i++) {
            int lo = Math.max(0, i - before);
            int hi = Math.min(n - 1, i + after);
            int c = count[hi + 1] - count[lo];
            out[i] = c == 0 ? Double.NaN : (sum[hi + 1] - sum[lo]) / c;
        }
        return out;
    }
}
