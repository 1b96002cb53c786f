package org.fabrica.plot;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * The range and ticks of one axis: "nice" steps of 1, 2 or 5 times a power of ten (Heckbert,
 * Graphics Gems, 1990) on a linear axis, whole decades on a logarithmic one.
 *
 * @param min lower end (a tick)
 * @param max upper end (a tick)
 * @param ticks tick values, min and max included
 * @param log logarithmic axis
 * @param step tick step of a linear axis (1 decade for a log axis)
 */
record AxisScale(double min, double max, List<Double> ticks, boolean log, double step) {

    /** A linear axis covering [lo, hi] with about {@code target} ticks. */
    static AxisScale linear(double lo, double hi, int target) {
        if (!(hi > lo)) {
            double pad = lo == 0 ? 1 : Math.abs(lo) * 0.1;
            lo -= pad;
            hi += pad;
            if (lo < 0 && lo + pad >= 0) {
                lo = 0;
            }
        }
        double step = nice((hi - lo) / Math.max(1, target - 1));
        // a bound already on a tick (1.2 = 6 x 0.2 reads 6.000000000000001 steps) stays on it
        double niceMin = Math.floor(lo / step + 1e-9) * step;
        double niceMax = Math.ceil(hi / step - 1e-9) * step;
        List<Double> ticks = new ArrayList<>();
        int n = (int) Math.round((niceMax - niceMin) / step);
        for (int i = 0; i <= n; i++) {
            ticks.add(clean(niceMin + i * step, step));
        }
        return new AxisScale(niceMin, niceMax, List.copyOf(ticks), false, step);
    }

    /** A logarithmic axis covering [lo, hi] (both > 0) in whole decades. */
    static AxisScale logarithmic(double lo, double hi) {
        if (!(lo > 0)) {
            lo = hi > 0 ? hi / 10 : 1;
        }
        if (!(hi > lo)) {
            hi = lo * 10;
        }
        int a = (int) Math.floor(Math.log10(lo) + 1e-9);
        int b = (int) Math.ceil(Math.log10(hi) - 1e-9);
        if (b <= a) {
            b = a + 1;
        }
        List<Double> ticks = new ArrayList<>();
        for (int e = a; e <= b; e++) {
            ticks.add(Math.pow(10, e));
        }
        return new AxisScale(Math.pow(10, a), Math.pow(10, b), List.copyOf(ticks), true, 1);
    }

    /** Position of v in [0, 1] along the axis. */
    double fraction(double v) {
        if (log) {
            return (Math.log10(v) - Math.log10(min)) / (Math.log10(max) - Math.log10(min));
        }
        return (v - min) / (max - min);
    }

    /** Tick label: as many decimals as the step needs, no exponent for everyday ranges. */
    String label(double v) {
        if (log) {
            if (v >= 1e-3 && v < 1e6) {
                return BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
            }
            return String.format(java.util.Locale.ROOT, "1e%d", (int) Math.round(Math.log10(v)));
        }
        int decimals = Math.max(0, (int) -Math.floor(Math.log10(step) + 1e-9));
        return String.format(java.util.Locale.ROOT, "%." + decimals + "f", v);
    }

    /** The 1, 2 or 5 times a power of ten nearest to x. */
    private static double nice(double x) {
        int exp = (int) Math.floor(Math.log10(x));
        double f = x / Math.pow(10, exp);
        double nf = f < 1.5 ? 1 : f < 3 ? 2 : f < 7 ? 5 : 10;
        return nf * Math.pow(10, exp);
    }

    private static double clean(double v, double step) {
        // removes binary noise such as 0.30000000000000004 so labels and positions match
        double q = Math.pow(10, Math.max(0, (int) -Math.floor(Math.log10(step) + 1e-9) + 2));
        return Math.round(v * q) / q;
    }
}
