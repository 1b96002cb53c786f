package org.fabrica.hardware.rapidio;

import org.fabrica.hardware.PacketFormat;

/**
 * Bytes on a Serial RapidIO link for one packet, built from the header fields of the RapidIO
 * specification (rev. 2.x, the CPS-1848's; docs/studies/rapidio-m2n.md, "Hardware: the IDT CPS-1848 switch"):
 * <ol>
 * <li><b>Physical and transport prefix, 16 bits:</b> ackID (5), reserved (1), VC (1), CRF (1),
 * prio (2) of the physical layer, tt (2) of the transport layer and ftype (4) of the logical
 * layer.</li>
 * <li><b>Device IDs:</b> destination and source ID of 8, 16 or 32 bits each (tt = 0b00, 0b01,
 * 0b10; 32-bit IDs exist from RapidIO 3.0 on).</li>
 * <li><b>Logical header</b> of the chosen {@link LogicalTransaction} (NWRITE: 6 bytes with 34-bit
 * addressing; SWRITE: 4; type 11 message: 2).</li>
 * <li><b>Payload</b> rounded up to whole double-words (8 bytes), as all three transactions carry
 * it.</li>
 * <li><b>CRC:</b> a 16-bit CRC at the end; a packet whose content (everything above) exceeds 80
 * bytes also carries an intermediate 16-bit CRC after its first 80 bytes (LP-Serial, so that a
 * receiver can check the header early).</li>
 * <li><b>Padding:</b> 2 zero bytes after the final CRC when needed to end on a 32-bit boundary
 * (LP-Serial packets are a whole number of 32-bit words).</li>
 * <li><b>Delimiter:</b> {@code delimiterBytes} of the start-of-packet control symbol that opens
 * every packet on the link (Gen2 short control symbol: delimiter character + 24 bits = 4 bytes, one
 * column of a 4x link). Back-to-back packets need no separate end-of-packet symbol and
 * acknowledgements ride in the same symbols' stype0 field, so one symbol per packet is the
 * steady-state cost. 0 counts the packet alone.</li>
 * </ol>
 * Not counted: clock-compensation sequences (4 columns per 5000, 0.08%), link-request/retry
 * symbols (retry is not modelled) and the response packets of type 11 messages.
 *
 * <p>With the defaults (NWRITE, 16-bit IDs, 34-bit addresses, 4-byte delimiter) a 256-byte
 * payload takes 2 + 4 + 6 + 256 + 2 + 2 = 272 packet bytes, 276 on the wire: efficiency
 * 256 / 276 = 92.75% (the study's "at most about 93%"; 276 bytes is also RapidIO's largest packet).
 */
public final class RapidIoPacketFormat implements PacketFormat {
    /** ackID, reserved, VC, CRF, prio, tt and ftype: the first 16 bits of every packet. */
    static final int PREFIX_BYTES = 2;
    /** Content bytes after which LP-Serial inserts the intermediate CRC. */
    static final int INTERMEDIATE_CRC_AFTER = 80;
    static final int CRC_BYTES = 2;
    static final int DOUBLE_WORD = 8;
    static final int WORD = 4;
    /** Largest payload of one RapidIO packet. */
    static final int RAPIDIO_MAX_PAYLOAD = 256;

    private final LogicalTransaction transaction;
    private final int deviceIdBits;
    private final int addressBits;
    private final int maxPayloadBytes;
    private final int delimiterBytes;
    private final int headerBytes;

    /**
     * @param transaction logical transaction carrying the payload
     * @param deviceIdBits 8, 16 or 32
     * @param addressBits 34, 50 or 66 (NWRITE and SWRITE; ignored for messages)
     * @param maxPayloadBytes 8 .. 256, a multiple of 8 (a power of two for messages: the ssize field)
     * @param delimiterBytes bytes of the control symbol that opens a packet, 0 .. 8
     */
    public RapidIoPacketFormat(LogicalTransaction transaction, int deviceIdBits, int addressBits, int maxPayloadBytes,
            int delimiterBytes) {
        if (transaction == null) {
            throw new IllegalArgumentException("transaction must be set (nwrite, swrite or message)");
        }
        if (deviceIdBits != 8 && deviceIdBits != 16 && deviceIdBits != 32) {
            throw new IllegalArgumentException("deviceIdBits = " + deviceIdBits
                    + " is not a RapidIO device ID size; use 8, 16 or 32");
        }
        if (addressBits != 34 && addressBits != 50 && addressBits != 66) {
            throw new IllegalArgumentException("addressBits = " + addressBits
                    + " is not a RapidIO address size; use 34, 50 or 66");
        }
        if (maxPayloadBytes < DOUBLE_WORD || maxPayloadBytes > RAPIDIO_MAX_PAYLOAD || maxPayloadBytes % DOUBLE_WORD != 0) {
            throw new IllegalArgumentException("maxPayloadBytes = " + maxPayloadBytes
                    + " is not a RapidIO payload; use a multiple of 8 from 8 to 256");
        }
        if (transaction == LogicalTransaction.MESSAGE && Integer.bitCount(maxPayloadBytes) != 1) {
            throw new IllegalArgumentException("maxPayloadBytes = " + maxPayloadBytes + " is not a message segment"
                    + " size; type 11 messages use 8, 16, 32, 64, 128 or 256");
        }
        if (delimiterBytes < 0 || delimiterBytes > 8) {
            throw new IllegalArgumentException("delimiterBytes = " + delimiterBytes
                    + " is out of range; use 4 (Gen2 control symbol), 8 (Gen3) or 0");
        }
        this.transaction = transaction;
        this.deviceIdBits = deviceIdBits;
        this.addressBits = addressBits;
        this.maxPayloadBytes = maxPayloadBytes;
        this.delimiterBytes = delimiterBytes;
        this.headerBytes = PREFIX_BYTES + 2 * (deviceIdBits / 8) + transaction.headerBytes(addressBits);
    }

    @Override
    public int maxPayloadBytes() {
        return maxPayloadBytes;
    }

    /** Header bytes before the payload: 16-bit prefix, two device IDs, logical header. */
    public int headerBytes() {
        return headerBytes;
    }

    /** Packet content: header plus the payload in whole double-words (no CRC, no padding). */
    public int contentBytes(int payloadBytes) {
        checkPayload(payloadBytes);
        return headerBytes + roundUp(payloadBytes, DOUBLE_WORD);
    }

    /** CRC bytes of a packet: 2, or 4 when the content exceeds 80 bytes (intermediate CRC). */
    public int crcBytes(int payloadBytes) {
        return contentBytes(payloadBytes) > INTERMEDIATE_CRC_AFTER ? 2 * CRC_BYTES : CRC_BYTES;
    }

    /** The packet as LP-Serial sends it: content, CRC(s), padding to 32 bits (no delimiter). */
    public int packetBytes(int payloadBytes) {
        return roundUp(contentBytes(payloadBytes) + crcBytes(payloadBytes), WORD);
    }

    /** Packet bytes plus the start-of-packet control symbol. */
    @Override
    public int wireBytes(int payloadBytes) {
        return packetBytes(payloadBytes) + delimiterBytes;
    }

    /** Bytes of the control symbol counted per packet. */
    public int delimiterBytes() {
        return delimiterBytes;
    }

    public LogicalTransaction transaction() {
        return transaction;
    }

    public int deviceIdBits() {
        return deviceIdBits;
    }

    public int addressBits() {
        return addressBits;
    }

    /** Largest number of end points the device IDs can address (2^deviceIdBits). */
    public long addressableDevices() {
        return 1L << deviceIdBits;
    }

    private void checkPayload(int payloadBytes) {
        if (payloadBytes < 1 || payloadBytes > maxPayloadBytes) {
            throw new IllegalArgumentException("payload = " + payloadBytes + " bytes is out of range for a RapidIO "
                    + transaction.name() + " packet; use 1.." + maxPayloadBytes);
        }
    }

    private static int roundUp(int value, int unit) {
        return (value + unit - 1) / unit * unit;
    }

    @Override
    public String toString() {
        return "RapidIO " + transaction.name() + ", " + deviceIdBits + "-bit IDs"
                + (transaction == LogicalTransaction.MESSAGE ? "" : ", " + addressBits + "-bit addresses")
                + ", header " + headerBytes + " B, max payload " + maxPayloadBytes + " B, delimiter " + delimiterBytes + " B";
    }
}
