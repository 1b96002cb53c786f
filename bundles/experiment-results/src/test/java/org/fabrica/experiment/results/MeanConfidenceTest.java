package org.fabrica.experiment.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class MeanConfidenceTest {
    @Test
    void theQuantilesOfStudentsTMatchTheTablesOnBothSidesOfThirtyDegreesOfFreedom() {
        assertEquals(12.706, MeanConfidence.t95(1), 0);
        assertEquals(2.776, MeanConfidence.t95(4), 0);
        assertEquals(2.042, MeanConfidence.t95(30), 0);
        // beyond the table: 2.021 (40), 2.000 (60), 1.980 (120); towards the normal 1.960
        assertEquals(2.021, MeanConfidence.t95(40), 5e-4);
        assertEquals(2.000, MeanConfidence.t95(60), 5e-4);
        assertEquals(1.980, MeanConfidence.t95(120), 5e-4);
        assertEquals(1.960, MeanConfidence.t95(100_000), 5e-4);
        for (int df = 1; df < 200; df++) {
            assertTrue(MeanConfidence.t95(df + 1) < MeanConfidence.t95(df), "t95 falls with the degrees of freedom at " + df);
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> MeanConfidence.t95(0));
        assertEquals("Student's t needs at least 1 degree of freedom, got 0", e.getMessage());
    }

    @Test
    void theHalfWidthIsTTimesTheStandardErrorAndUndefinedForOneValue() {
        // 1 and 3: mean 2, standard deviation sqrt(2), standard error 1, t(1 df) = 12.706
        assertEquals(12.706, MeanConfidence.halfWidth(List.of(1.0, 3.0)), 1e-12);
        // 1..5: standard deviation sqrt(2.5), standard error sqrt(0.5), t(4 df) = 2.776
        assertEquals(2.776 * Math.sqrt(0.5), MeanConfidence.halfWidth(List.of(1.0, 2.0, 3.0, 4.0, 5.0)), 1e-12);
        assertEquals(0, MeanConfidence.halfWidth(List.of(7.5, 7.5, 7.5)), 0);
        assertTrue(Double.isNaN(MeanConfidence.halfWidth(List.of(3.0))), "one seed: no interval");
        assertTrue(Double.isNaN(MeanConfidence.halfWidth(List.of())), "no seed: no interval");
    }

    @Test
    void aSmallSpreadFarFromZeroKeepsItsPrecision() {
        // with sums of squares (about 2e18, where doubles are 256 apart) this spread of 1 would be lost
        assertEquals(12.706, MeanConfidence.halfWidth(List.of(1e9 + 1, 1e9 + 3)), 1e-9);
    }

    @Test
    void theMeanOfNoValueIsUndefined() {
        assertEquals(2.5, MeanConfidence.mean(List.of(1.0, 4.0)), 0);
        assertTrue(Double.isNaN(MeanConfidence.mean(List.of())));
    }
}
