package org.fabrica.traffic.trace.otf2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** OTF2's integer encoding in both byte orders (the samples are little endian only). */
class Otf2InputTest {
    private static Otf2Input of(int... bytes) {
        byte[] b = new byte[bytes.length];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) bytes[i];
        }
        return Otf2Input.of(Path.of("x"), b, 0);
    }

    @Test
    void compressedIntegersInBothByteOrders() {
        Otf2Input little = of(3, 0x42, 2, 0x01, 0x02, 0, 0xFF, 0xFF, 3, 0x00, 0x00, 0x01);
        assertEquals(0x0201, little.u32());
        assertEquals(0, little.u32());
        assertEquals(0xFFFF_FFFFL, little.u32(), "undefined 32-bit");
        assertEquals(-1L, little.u64(), "undefined 64-bit");
        assertEquals(65_536, little.u64());
        Otf2Input big = of(3, 0x23, 2, 0x01, 0x02, 3, 0x01, 0x00, 0x00);
        assertEquals(0x0102, big.u32());
        assertEquals(65_536, big.u64());
    }

    @Test
    void fullIntegersAndRecordLengths() {
        Otf2Input in = of(3, 0x42, 0x60, 0x09, 0, 0, 0, 0, 0, 0, 0xFF, 2, 0, 0, 0, 0, 0, 0, 0, 7, 8);
        assertEquals(2_400, in.u64Full());
        assertEquals(in.position() + 9 + 2, in.recordEnd(), "a long record: 0xFF and an 8-byte length");
    }

    @Test
    void badInputIsNamedWithItsOffset() {
        Otf2FormatException e = assertThrows(Otf2FormatException.class, () -> of(3, 0x42, 5, 1, 2, 3, 4, 5).u32());
        assertEquals("x: byte 2: invalid length byte 5 of a compressed 32-bit integer", e.getMessage());
        e = assertThrows(Otf2FormatException.class, () -> of(3, 0x11));
        assertTrue(e.getMessage().startsWith("x: byte 1: invalid endianness byte 0x11"), e.getMessage());
        e = assertThrows(Otf2FormatException.class, () -> of(3, 0x42, 4, 1).u32());
        assertTrue(e.getMessage().contains("truncated"), e.getMessage());
    }
}
