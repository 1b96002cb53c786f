package org.fabrica.experiment.results;

import java.util.List;

/**
 * The 95% confidence interval of a mean over seeds (two-sided, Student's t): the error bars of a
 * run's charts and of {@code fabrica compare --plot} ({@link SteadyPoints}) and the {@code .ci95}
 * columns of summary.csv (the report bundle's summaries) come from here, so they always agree.
 */
public final class MeanConfidence {
    /** Two-sided 95% quantiles of Student's t for 1 to 30 degrees of freedom. */
    private static final double[] T95 = {12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
        2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060,
        2.056, 2.052, 2.048, 2.045, 2.042};

    /** The 97.5% quantile of the standard normal distribution. */
    private static final double Z975 = 1.959963984540054;

    private MeanConfidence() {
    }

    /** The two-sided 95% quantile of Student's t with this many degrees of freedom (at least 1). */
    public static double t95(int degreesOfFreedom) {
        if (degreesOfFreedom < 1) {
            throw new IllegalArgumentException("Student's t needs at least 1 degree of freedom, got " + degreesOfFreedom);
        }
        if (degreesOfFreedom <= T95.length) {
            return T95[degreesOfFreedom - 1];
        }
        // Cornish-Fisher expansion of t in the normal quantile (Abramowitz and Stegun 26.7.5); from 31
        // degrees of freedom on it agrees with the tables to the 3 decimals they give
        double x = Z975;
        double v = degreesOfFreedom;
        double x2 = x * x;
        double g1 = (x2 + 1) * x / 4;
        double g2 = ((5 * x2 + 16) * x2 + 3) * x / 96;
        double g3 = (((3 * x2 + 19) * x2 + 17) * x2 - 15) * x / 384;
        double g4 = ((((79 * x2 + 776) * x2 + 1482) * x2 - 1920) * x2 - 945) * x / 92160;
        return x + g1 / v + g2 / (v * v) + g3 / (v * v * v) + g4 / (v * v * v * v);
    }

    /**
     * Half-width of the 95% confidence interval of the mean of the values (one per seed): t times
     * the standard error, with the sample variance taken around the mean (two passes, so values far
     * from 0 with a small spread lose no precision). NaN for fewer than 2 values: one seed gives no
     * interval.
     */
    public static double halfWidth(List<Double> values) {
        int n = values.size();
        if (n < 2) {
            return Double.NaN;
        }
        double sum = 0;
        for (double v : values) {
            sum += v;
        }
        double mean = sum / n;
        double squares = 0;
        for (double v : values) {
            squares += (v - mean) * (v - mean);
        }
        return t95(n - 1) * Math.sqrt(squares / (n - 1) / n);
    }

    /** The mean of the values; NaN for none. */
    public static double mean(List<Double> values) {
        double sum = 0;
        for (double v : values) {
            sum += v;
        }
        return values.isEmpty() ? Double.NaN : sum / values.size();
    }
}
