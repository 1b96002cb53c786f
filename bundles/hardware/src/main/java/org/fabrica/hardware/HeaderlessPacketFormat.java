package org.fabrica.hardware;

/** {@link PacketFormat#headerless(int)}: a packet is its payload. */
record HeaderlessPacketFormat(int maxPayloadBytes) implements PacketFormat {
    HeaderlessPacketFormat {
        if (maxPayloadBytes < 1) {
            throw new IllegalArgumentException("maxPayloadBytes = " + maxPayloadBytes + "; use >= 1");
        }
    }

    @Override
    public int wireBytes(int payloadBytes) {
        if (payloadBytes < 1 || payloadBytes > maxPayloadBytes) {
            throw new IllegalArgumentException("payload = " + payloadBytes + " bytes is out of range; use 1.."
                    + maxPayloadBytes);
        }
        return payloadBytes;
    }
}
