package org.fabrica.hardware;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class PacketFormatTest {
    private final PacketFormat sixtyFour = PacketFormat.headerless(64);

    @Test
    void headerlessPacketIsItsPayload() {
        assertEquals(1, sixtyFour.wireBytes(1));
        assertEquals(64, sixtyFour.wireBytes(64));
        assertThrows(IllegalArgumentException.class, () -> sixtyFour.wireBytes(0));
        assertThrows(IllegalArgumentException.class, () -> sixtyFour.wireBytes(65));
        assertThrows(IllegalArgumentException.class, () -> PacketFormat.headerless(0));
        assertEquals(1.0, sixtyFour.efficiency(1000), 0.0);
    }

    @Test
    void messagesSplitIntoFullPacketsAndARemainder() {
        assertEquals(0, sixtyFour.packetsFor(0));
        assertEquals(1, sixtyFour.packetsFor(64));
        assertEquals(2, sixtyFour.packetsFor(65));
        assertEquals(64, sixtyFour.payloadOfPacket(65, 0));
        assertEquals(1, sixtyFour.payloadOfPacket(65, 1));
        assertEquals(64, sixtyFour.payloadOfPacket(128, 1));
        assertThrows(IllegalArgumentException.class, () -> sixtyFour.payloadOfPacket(65, 2));
        assertThrows(IllegalArgumentException.class, () -> sixtyFour.packetsFor(-1));
        assertEquals(0, sixtyFour.messageWireBytes(0));
        assertEquals(130, sixtyFour.messageWireBytes(130));
        assertEquals(8, sixtyFour.flits(64, 8));
        assertEquals(10, sixtyFour.flits(64, 7), "64 / 7 = 9.1: a partly filled flit counts whole");
    }

    @Test
    void unframedHasNoLimitWithinAnInt() {
        assertEquals(1, PacketFormat.UNFRAMED.packetsFor(Integer.MAX_VALUE));
        assertEquals(2, PacketFormat.UNFRAMED.packetsFor(Integer.MAX_VALUE + 1L));
    }

    @Test
    void hardwareModelDefaultsAreUnframedWithoutEndpointOverhead() {
        RouterParameters r = new RouterParameters(2, 8, FlowControl.WORMHOLE, 1, 1, 1, 1, 1, 0, false, 1.0, 16);
        HardwareModel model = () -> r;
        assertSame(PacketFormat.UNFRAMED, model.packetFormat());
        assertSame(EndpointTiming.NONE, model.endpoint());
        assertEquals(0, model.endpoint().totalCycles());
        assertEquals(7, new EndpointTiming(3, 4).totalCycles());
        assertThrows(IllegalArgumentException.class, () -> new EndpointTiming(-1, 0));
    }
}
