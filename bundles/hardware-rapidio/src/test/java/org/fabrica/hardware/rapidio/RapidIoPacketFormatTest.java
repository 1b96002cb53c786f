package org.fabrica.hardware.rapidio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class RapidIoPacketFormatTest {
    private static RapidIoPacketFormat format(LogicalTransaction t, int idBits) {
        return new RapidIoPacketFormat(t, idBits, 34, 256, 4);
    }

    private static final RapidIoPacketFormat DEFAULT = format(LogicalTransaction.NWRITE, 16);

    @Test
    void headerIsPrefixDeviceIdsAndLogicalFields() {
        // 2 bytes ackID..ftype + 2 IDs + NWRITE 6 (ttype, wrsize, srcTID, 32-bit address word)
        assertEquals(10, format(LogicalTransaction.NWRITE, 8).headerBytes());
        assertEquals(12, format(LogicalTransaction.NWRITE, 16).headerBytes());
        assertEquals(16, format(LogicalTransaction.NWRITE, 32).headerBytes());
        // SWRITE: the address word only
        assertEquals(8, format(LogicalTransaction.SWRITE, 8).headerBytes());
        assertEquals(10, format(LogicalTransaction.SWRITE, 16).headerBytes());
        assertEquals(14, format(LogicalTransaction.SWRITE, 32).headerBytes());
        // type 11: msglen, ssize, letter, mbox, msgseg = 16 bits
        assertEquals(6, format(LogicalTransaction.MESSAGE, 8).headerBytes());
        assertEquals(8, format(LogicalTransaction.MESSAGE, 16).headerBytes());
        assertEquals(12, format(LogicalTransaction.MESSAGE, 32).headerBytes());
        // extended addresses add 2 or 4 bytes
        assertEquals(14, new RapidIoPacketFormat(LogicalTransaction.NWRITE, 16, 50, 256, 4).headerBytes());
        assertEquals(16, new RapidIoPacketFormat(LogicalTransaction.NWRITE, 16, 66, 256, 4).headerBytes());
        assertEquals(6, new RapidIoPacketFormat(LogicalTransaction.MESSAGE, 8, 66, 256, 4).headerBytes(),
                "messages carry no address");
    }

    @Test
    void largestRapidIoPacketIs276Bytes() {
        // 16-bit IDs, 66-bit NWRITE, 256 bytes: 16 + 256 + two CRCs = 276, RapidIO's maximum packet size
        RapidIoPacketFormat largest = new RapidIoPacketFormat(LogicalTransaction.NWRITE, 16, 66, 256, 0);
        assertEquals(276, largest.packetBytes(256));
        assertEquals(276, largest.wireBytes(256));
    }

    @Test
    void intermediateCrcOnlyWhenContentExceeds80Bytes() {
        RapidIoPacketFormat swrite8 = new RapidIoPacketFormat(LogicalTransaction.SWRITE, 8, 34, 256, 0);
        assertEquals(80, swrite8.contentBytes(72));
        assertEquals(2, swrite8.crcBytes(72));
        assertEquals(84, swrite8.packetBytes(72), "80 + CRC 2 + pad 2");
        assertEquals(88, swrite8.contentBytes(80));
        assertEquals(4, swrite8.crcBytes(80));
        assertEquals(92, swrite8.packetBytes(80), "88 + intermediate and final CRC, on a word boundary");
        assertEquals(80, DEFAULT.packetBytes(64), "76 + CRC 2 + pad 2");
        assertEquals(88, DEFAULT.packetBytes(72), "84 + 2 CRCs");
    }

    @Test
    void paddingEndsPacketsOnA32BitBoundary() {
        assertEquals(24, DEFAULT.packetBytes(8), "12 + 8 + CRC 2 = 22, padded to 24");
        assertEquals(20, format(LogicalTransaction.NWRITE, 8).packetBytes(8), "10 + 8 + CRC 2 = 20, no padding");
        assertEquals(DEFAULT.wireBytes(8), DEFAULT.wireBytes(1), "payload travels in whole double-words");
        assertEquals(DEFAULT.wireBytes(16), DEFAULT.wireBytes(9));
        for (LogicalTransaction t : LogicalTransaction.values()) {
            for (int bits : new int[] {8, 16, 32}) {
                RapidIoPacketFormat f = format(t, bits);
                for (int p = 1; p <= 256; p++) {
                    assertEquals(0, f.packetBytes(p) % 4, t + " " + bits + " " + p);
                    assertEquals(f.packetBytes(p) + 4, f.wireBytes(p));
                }
            }
        }
    }

    @Test
    void efficiencyOf256BytePayloadsIsAbout93Percent() {
        assertEquals(272, DEFAULT.packetBytes(256));
        assertEquals(276, DEFAULT.wireBytes(256), "272-byte packet + 4-byte start-of-packet control symbol");
        assertEquals(256.0 / 276, DEFAULT.efficiency(256), 1e-12);
        assertEquals(0.9275, DEFAULT.efficiency(256), 0.0001);
        assertEquals(256.0 / 276, format(LogicalTransaction.NWRITE, 8).efficiency(256), 1e-12, "270 pads to 272");
        assertEquals(256.0 / 272, format(LogicalTransaction.SWRITE, 8).efficiency(256), 1e-12);
        assertEquals(256.0 / 280, format(LogicalTransaction.NWRITE, 32).efficiency(256), 1e-12);
        assertEquals(256.0 / 272, new RapidIoPacketFormat(LogicalTransaction.NWRITE, 16, 34, 256, 0).efficiency(256),
                1e-12, "the packet alone");
        // no message of any size is more efficient than full packets
        for (long m = 1; m <= 2048; m++) {
            assertTrue(DEFAULT.efficiency(m) <= DEFAULT.efficiency(256) + 1e-12, "m = " + m);
        }
    }

    @Test
    void messagesSplitInto256BytePackets() {
        assertEquals(0, DEFAULT.packetsFor(0));
        assertEquals(1, DEFAULT.packetsFor(1));
        assertEquals(1, DEFAULT.packetsFor(255));
        assertEquals(1, DEFAULT.packetsFor(256));
        assertEquals(2, DEFAULT.packetsFor(257));
        assertEquals(2, DEFAULT.packetsFor(511));
        assertEquals(2, DEFAULT.packetsFor(512));
        assertEquals(3, DEFAULT.packetsFor(513));
        assertEquals(4096, DEFAULT.packetsFor(1 << 20));
        assertEquals(256, DEFAULT.payloadOfPacket(513, 1));
        assertEquals(1, DEFAULT.payloadOfPacket(513, 2));
        assertEquals(256, DEFAULT.payloadOfPacket(512, 1));
        // 513 bytes: two full packets (276 each) and one of 1 byte: 12 + 8 + 2 = 22 -> 24, + 4 = 28
        assertEquals(28, DEFAULT.wireBytes(1));
        assertEquals(2 * 276 + 28, DEFAULT.messageWireBytes(513));
        assertEquals(4096L * 276, DEFAULT.messageWireBytes(1 << 20));
        assertEquals(256.0 / 276, DEFAULT.efficiency(1 << 20), 1e-12);
        assertEquals(2, new RapidIoPacketFormat(LogicalTransaction.NWRITE, 16, 34, 128, 4).packetsFor(256));
    }

    @Test
    void flitsRoundUpWireBytes() {
        assertEquals(35, DEFAULT.flits(256, 8), "276 / 8 = 34.5");
        assertEquals(4, DEFAULT.flits(1, 8), "28 / 8 = 3.5");
        assertEquals(34, new RapidIoPacketFormat(LogicalTransaction.NWRITE, 16, 34, 256, 0).flits(256, 8));
    }

    @Test
    void invalidFormatsAreRejected() {
        IllegalArgumentException ids = assertThrows(IllegalArgumentException.class,
                () -> new RapidIoPacketFormat(LogicalTransaction.NWRITE, 12, 34, 256, 4));
        assertTrue(ids.getMessage().contains("8, 16 or 32"), ids.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new RapidIoPacketFormat(LogicalTransaction.NWRITE, 16, 32, 256, 4));
        assertThrows(IllegalArgumentException.class, () -> new RapidIoPacketFormat(LogicalTransaction.NWRITE, 16, 34, 100, 4));
        assertThrows(IllegalArgumentException.class, () -> new RapidIoPacketFormat(LogicalTransaction.NWRITE, 16, 34, 264, 4));
        assertThrows(IllegalArgumentException.class, () -> new RapidIoPacketFormat(LogicalTransaction.MESSAGE, 16, 34, 96, 4));
        assertThrows(IllegalArgumentException.class, () -> new RapidIoPacketFormat(LogicalTransaction.NWRITE, 16, 34, 256, 9));
        assertThrows(IllegalArgumentException.class, () -> DEFAULT.wireBytes(0));
        assertThrows(IllegalArgumentException.class, () -> DEFAULT.wireBytes(257));
    }
}
