package org.fabrica.stats.collectors;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class MovingAverageTest {

    @Test
    void centredWindowClippedAtTheEnds() {
        double[] v = {1, 2, 3, 4, 5, 6};
        // 3 points: [i-1, i+1]
        assertArrayEquals(new double[] {1.5, 2, 3, 4, 5, 5.5}, MovingAverage.smooth(v, 3), 1e-12);
        // 4 points: [i-1, i+2]
        assertArrayEquals(new double[] {2, 2.5, 3.5, 4.5, 5, 5.5}, MovingAverage.smooth(v, 4), 1e-12);
    }

    @Test
    void aLineStaysALineInsideAndAConstantEverywhere() {
        double[] line = new double[1000];
        double[] constant = new double[1000];
        for (int i = 0; i < line.length; i++) {
            line[i] = 0.5 * i + 3;
            constant[i] = 7.25;
        }
        double[] s = MovingAverage.smooth(line, 201);
        for (int i = 100; i < 900; i++) {
            assertEquals(line[i], s[i], 1e-9, "a centred average does not lag a linear series");
        }
        for (double x : MovingAverage.smooth(constant, 200)) {
            assertEquals(7.25, x, 1e-12);
        }
    }

    @Test
    void nanValuesAreLeftOutOfTheMean() {
        double[] v = {Double.NaN, 4, Double.NaN, 8, Double.NaN, Double.NaN, Double.NaN};
        double[] s = MovingAverage.smooth(v, 3);
        assertEquals(4, s[0]);
        assertEquals(4, s[1]);
        assertEquals(6, s[2]);
        assertEquals(8, s[3]);
        assertEquals(8, s[4]);
        assertTrue(Double.isNaN(s[5]), "a window of NaN only stays NaN");
        assertTrue(Double.isNaN(s[6]));
    }

    @Test
    void onePointIsACopyAndBadCountsAreRejected() {
        double[] v = {3, 1, 2};
        double[] s = MovingAverage.smooth(v, 1);
        assertArrayEquals(v, s);
        assertNotSame(v, s);
        assertEquals(0, MovingAverage.smooth(new double[0], 200).length);
        assertThrows(IllegalArgumentException.class, () -> MovingAverage.smooth(v, 0));
    }
}
