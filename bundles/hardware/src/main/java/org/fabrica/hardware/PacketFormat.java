package org.fabrica.hardware;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * How a hardware model packs payload into packets: the largest payload of one packet and the bytes
 * a packet occupies on a link (headers, CRCs, padding, framing). The payload efficiency of a
 * message, {@code messageBytes / messageWireBytes(messageBytes)}, follows from these two.
 *
 * <h2>Messages</h2>
 * A message of m bytes is carried by {@link #packetsFor(long) ceil(m / maxPayloadBytes())}
 * packets: all but the last carry {@link #maxPayloadBytes()}, the last carries the remainder
 * ({@link #payloadOfPacket(long, long)}).
 *
 * <h2>Flits</h2>
 * A network model that moves one flit of {@code flitBytes} per link and cycle
 * ({@link RouterParameters#flitBytes()}) needs {@link #flits(int, int) ceil(wireBytes / flitBytes)}
 * flits for a packet: a partly filled last flit still occupies the link for a whole cycle.
 *
 * <p>Implementations are immutable and allocate nothing in these methods (they may be called per
 * packet).
 */
@ConsumerType
public interface PacketFormat {
    /** No header, no trailer, no limit: a packet is its payload. What a generic router model uses. */
    PacketFormat UNFRAMED = headerless(Integer.MAX_VALUE);

    /** Largest payload of one packet in bytes (>= 1). */
    int maxPayloadBytes();

    /**
     * Bytes one packet carrying {@code payloadBytes} occupies on a link, everything included.
     *
     * @param payloadBytes 1 .. {@link #maxPayloadBytes()}
     * @throws IllegalArgumentException when the payload is out of that range
     */
    int wireBytes(int payloadBytes);

    /** Packets needed for a message of {@code messageBytes} (0 for an empty message). */
    default long packetsFor(long messageBytes) {
        if (messageBytes < 0) {
            throw new IllegalArgumentException("message size = " + messageBytes + " bytes; use >= 0");
        }
        long max = maxPayloadBytes();
        return (messageBytes + max - 1) / max;
    }

    /** Payload of packet {@code index} (0-based) of a message of {@code messageBytes}. */
    default int payloadOfPacket(long messageBytes, long index) {
        long packets = packetsFor(messageBytes);
        if (index < 0 || index >= packets) {
            throw new IllegalArgumentException("packet " + index + " of a " + messageBytes + "-byte message does not"
                    + " exist; the message has " + packets + " packets");
        }
        long max = maxPayloadBytes();
        return (int) (index < packets - 1 ? max : messageBytes - (packets - 1) * max);
    }

    /** Bytes on the wire for a whole message: full packets plus the remainder's packet. */
    default long messageWireBytes(long messageBytes) {
        long packets = packetsFor(messageBytes);
        if (packets == 0) {
            return 0;
        }
        int max = maxPayloadBytes();
        long full = messageBytes / max;
        int rest = (int) (messageBytes - full * max);
        return full * wireBytes(max) + (rest > 0 ? wireBytes(rest) : 0);
    }

    /** Payload efficiency of a message: its bytes over its bytes on the wire (1 for an empty message). */
    default double efficiency(long messageBytes) {
        return messageBytes == 0 ? 1.0 : (double) messageBytes / messageWireBytes(messageBytes);
    }

    /** Flits of a packet carrying {@code payloadBytes}: {@code ceil(wireBytes / flitBytes)}. */
    default int flits(int payloadBytes, int flitBytes) {
        if (flitBytes < 1) {
            throw new IllegalArgumentException("flitBytes = " + flitBytes + "; use >= 1");
        }
        return (int) (((long) wireBytes(payloadBytes) + flitBytes - 1) / flitBytes);
    }

    /**
     * A format without header or trailer: {@code wireBytes(p) = p}, at most {@code maxPayloadBytes}
     * per packet (e.g. an experiment's packet length in bytes for a generic router).
     */
    static PacketFormat headerless(int maxPayloadBytes) {
        return new HeaderlessPacketFormat(maxPayloadBytes);
    }
}
