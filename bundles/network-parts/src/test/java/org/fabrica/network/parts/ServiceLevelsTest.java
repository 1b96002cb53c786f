package org.fabrica.network.parts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class ServiceLevelsTest {
    @Test
    void withoutATableTheSchemesNumbersAreVcsAndNothingIsMapped() {
        ServiceLevels l = ServiceLevels.of(List.of(), 4);
        assertFalse(l.mapped());
        assertEquals(4, l.count);
        assertEquals(0b1111, l.all);
        assertEquals(0b1010, l.vcs(0b1010));
        assertEquals(3, l.vc(3));
        assertEquals("the 4 VCs", l.describe());
    }

    @Test
    void aTableMapsEachLevelOfAMaskToItsVc() {
        // 6 levels on 3 VCs: levels 0, 1 -> VC 0; 2, 3 -> VC 1; 4, 5 -> VC 2
        ServiceLevels l = ServiceLevels.of(List.of(0, 0, 1, 1, 2, 2), 3);
        assertTrue(l.mapped());
        assertEquals(6, l.count);
        assertEquals(0b111111, l.all);
        assertEquals(0b001, l.vcs(0b000011), "levels 0 and 1 share VC 0");
        assertEquals(0b101, l.vcs(0b100001));
        assertEquals(0, l.vcs(0));
        assertEquals(2, l.vc(5));
        assertTrue(l.describe().contains("6 service levels"), l.describe());
    }

    @Test
    void sixtyFourLevelsHaveEveryBitValid() {
        ServiceLevels l = ServiceLevels.of(List.of(), 64);
        assertEquals(-1L, l.all);
    }

    @Test
    void aLevelMappedToAVcTheRoutersDoNotHaveIsRefusedNamingBoth() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ServiceLevels.of(List.of(0, 4), 4));
        assertTrue(e.getMessage().contains("level 1 maps to VC 4") && e.getMessage().contains("VCs 0..3"),
                e.getMessage());
    }
}
