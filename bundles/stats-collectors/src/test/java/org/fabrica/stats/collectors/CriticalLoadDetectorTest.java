package org.fabrica.stats.collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.fabrica.stats.collectors.CriticalLoadDetector.Result;
import org.fabrica.stats.collectors.CriticalLoadDetector.Settings;
import org.junit.jupiter.api.Test;

class CriticalLoadDetectorTest {

    /** Loads 0, step, 2 step, ...: the ramp's windows. */
    private static double[] loads(int n, double step) {
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = i * step;
        }
        return x;
    }

    /** Throughput = load up to the knee, then slope {@code after}. */
    private static double[] kneed(double[] x, double knee, double after) {
        double[] y = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            y[i] = x[i] <= knee ? x[i] : knee + after * (x[i] - knee);
        }
        return y;
    }

    @Test
    void aSharpKneeIsFoundAtItsExactPointWithTheSmallestWindow() {
        double[] x = loads(1000, 0.001);
        double[] y = kneed(x, 0.4, 0.2);
        Result r = CriticalLoadDetector.detect(x, y, new Settings(0.1, 2, 0.1));
        assertTrue(r.found());
        assertEquals(400, r.index(), "window {i-1, i, i+1}: the slope first drops at the knee point itself");
        assertEquals(0.4, r.load(), 1e-12);
        assertEquals(0.4, r.throughput(), 1e-12);
        assertEquals(1.0, r.linearGradient(), 1e-9);
        assertEquals(0.6, r.gradient(), 1e-9, "(1 + 0.2) / 2 across the knee");
    }

    @Test
    void aWideWindowFindsTheKneeNoLaterThanItIs() {
        double[] x = loads(2750, 1e-4);
        double[] y = kneed(x, 0.1, 0.0);
        Result r = CriticalLoadDetector.detect(x, y, new Settings(0.1, 200, 0.1));
        assertTrue(r.found());
        // a centred window of 201 points sees the flat part before its centre reaches the knee:
        // slope < 0.9 once about 37 of its 100 points after the centre lie past the knee
        assertTrue(r.load() <= 0.1 - 0.005 && r.load() >= 0.1 - 0.008, "critical load " + r.load());
        // the default window of 1000 points (0.1 of load here) finds it earlier still, by about 0.3 N dx
        Result wide = CriticalLoadDetector.detect(x, y, Settings.DEFAULT);
        assertTrue(wide.load() < r.load() && wide.load() > 0.1 - 0.035, "critical load " + wide.load());
    }

    @Test
    void aNoisyKneeSmoothedAsInTheSpecIsFoundNearItsTrueLoad() {
        // 2750 windows of a ramp 0 .. 0.275, knee at 0.11, throughput flat after it, noise of the
        // size of a 100-cycle window's on a 32 x 32 torus (about 1300 packets: 3% of 0.1)
        double[] x = loads(2750, 1e-4);
        double[] y = kneed(x, 0.11, 0.0);
        SplittableRandom random = new SplittableRandom(42);
        for (int seed = 0; seed < 5; seed++) {
            double[] noisy = new double[y.length];
            for (int i = 0; i < y.length; i++) {
                noisy[i] = y[i] + 0.003 * gaussian(random);
            }
            double[] smooth = MovingAverage.smooth(noisy, 200);
            Result r = CriticalLoadDetector.detect(MovingAverage.smooth(x, 200), smooth, new Settings(0.1, 200, 0.1));
            assertTrue(r.found());
            assertEquals(0.11, r.load(), 0.012, "critical load " + r.load());
            assertEquals(1.0, r.linearGradient(), 0.1);
        }
    }

    private static double gaussian(SplittableRandom r) {
        // Box-Muller
        double u = 1.0 - r.nextDouble();
        double v = r.nextDouble();
        return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    }

    @Test
    void aCurveThatNeverBendsHasNoCriticalLoad() {
        double[] x = loads(500, 0.001);
        double[] y = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            y[i] = 0.9 * x[i];
        }
        Result r = CriticalLoadDetector.detect(x, y, Settings.DEFAULT);
        assertFalse(r.found());
        assertTrue(Double.isNaN(r.load()));
        assertEquals(1000, Settings.DEFAULT.gradientPoints(), "the window shrinks to the 500-point curve");
        assertEquals(0.9, r.linearGradient(), 1e-9);
    }

    @Test
    void theDropDecidesHowMuchBendingCounts() {
        double[] x = loads(1000, 0.001);
        double[] y = kneed(x, 0.5, 0.85); // gradient falls by 15%
        assertTrue(CriticalLoadDetector.detect(x, y, new Settings(0.1, 20, 0.1)).found());
        assertFalse(CriticalLoadDetector.detect(x, y, new Settings(0.1, 20, 0.2)).found());
    }

    @Test
    void theLinearRegionIsTheGivenFractionOfTheCurve() {
        // gradient 1 for the first 20% of the points, then 0.5: with a 30% linear region its fit
        // mixes both parts (g0 < 1), and the detector compares with that value
        double[] x = loads(1000, 0.001);
        double[] y = kneed(x, 0.2, 0.5);
        Result tenth = CriticalLoadDetector.detect(x, y, new Settings(0.1, 2, 0.1));
        assertEquals(1.0, tenth.linearGradient(), 1e-9);
        assertEquals(200, tenth.index());
        Result third = CriticalLoadDetector.detect(x, y, new Settings(0.3, 2, 0.1));
        assertTrue(third.linearGradient() < 1.0 && third.linearGradient() > 0.5, "fit over 0 .. 0.3: "
                + third.linearGradient());
    }

    @Test
    void nanPointsAreSkippedAndTheIndexRefersToTheInput() {
        double[] x = loads(100, 0.01);
        double[] y = kneed(x, 0.5, 0.0);
        for (int i = 0; i < 100; i += 7) {
            y[i] = Double.NaN;
        }
        Result r = CriticalLoadDetector.detect(x, y, new Settings(0.1, 2, 0.1));
        assertTrue(r.found());
        assertEquals(50, r.index());
        assertEquals(0.5, r.load(), 1e-12);
    }

    @Test
    void degenerateInputs() {
        assertFalse(CriticalLoadDetector.detect(new double[] {0, 1}, new double[] {0, 1}, Settings.DEFAULT).found());
        double[] x = loads(100, 0.01);
        double[] falling = new double[100];
        for (int i = 0; i < 100; i++) {
            falling[i] = 1 - x[i];
        }
        Result r = CriticalLoadDetector.detect(x, falling, Settings.DEFAULT);
        assertFalse(r.found(), "no positive linear gradient, nothing to fall from");
        assertThrows(IllegalArgumentException.class, () -> CriticalLoadDetector.detect(new double[2], new double[3],
                Settings.DEFAULT));
        assertThrows(IllegalArgumentException.class, () -> new Settings(0, 200, 0.1));
        assertThrows(IllegalArgumentException.class, () -> new Settings(0.1, 1, 0.1));
        assertThrows(IllegalArgumentException.class, () -> new Settings(0.1, 200, 1.0));
    }
}
