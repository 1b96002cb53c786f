package org.fabrica.hardware.rapidio;

/**
 * The RapidIO logical-layer transaction that carries the payload, and the bytes its header fields
 * add after the transport-layer device IDs (RapidIO Part 1, I/O logical; Part 2, messages).
 * Payloads of all three travel as whole double-words (8 bytes).
 */
public enum LogicalTransaction {
    /**
     * NWRITE (ftype 5, ttype 0b0100): ttype (4 bits), wrsize (4), srcTID (8), then the address:
     * 29 double-word address bits + wdptr (1) + xamsbs (2) = 32 bits for 34-bit addressing, plus 16
     * or 32 extended address bits for 50- or 66-bit addressing. No response packet. The write of
     * DMA engines such as DSP DirectIO units.
     */
    NWRITE(5) {
        @Override
        int headerBytes(int addressBits) {
            return 2 + addressBytes(addressBits);
        }
    },
    /**
     * SWRITE (ftype 6, streaming write): only the address (29 bits + 1 reserved + xamsbs 2 = 32 bits
     * for 34-bit addressing, plus extended address bits). No response; payload at least one
     * double-word.
     */
    SWRITE(6) {
        @Override
        int headerBytes(int addressBits) {
            return addressBytes(addressBits);
        }
    },
    /**
     * Type 11 message (data message, ftype 11): msglen (4 bits), ssize (4), letter (2), mbox (2),
     * msgseg/xmbox (4) = 2 bytes; up to 16 segments of ssize (8..256 bytes, a power of two) per
     * mailbox message. Every segment is answered by a type 13 response packet in the reverse
     * direction, which this format does not count (it travels on the other direction of the link).
     */
    MESSAGE(11) {
        @Override
        int headerBytes(int addressBits) {
            return 2;
        }
    };

    private final int ftype;

    LogicalTransaction(int ftype) {
        this.ftype = ftype;
    }

    /** The ftype field value. */
    public int ftype() {
        return ftype;
    }

    /** Logical-layer header bytes between the source device ID and the payload. */
    abstract int headerBytes(int addressBits);

    /** Address field bytes for 34-, 50- or 66-bit addressing: 4, 6 or 8. */
    static int addressBytes(int addressBits) {
        return (addressBits - 2) / 8;
    }
}
