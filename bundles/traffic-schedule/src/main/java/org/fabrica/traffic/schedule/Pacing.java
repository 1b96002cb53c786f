package org.fabrica.traffic.schedule;

/**
 * When a sender generates the packets of its transfers (docs/studies/rapidio-m2n.md: every sender
 * plays its transfers in order, without waiting for the others).
 *
 * @param packetFlits packet length in flits (the run's packet length), for the offered load
 * @param startCycle cycle of every sender's first packet
 * @param gapCycles cycles between two consecutive packets of one sender; {@code packetFlits}
 *        (see {@link #linkRate}) generates exactly as fast as the sender's terminal link carries
 *        (one flit per cycle), so packets never pile up in the source queue unless the network
 *        holds them back; 0 generates a sender's whole sequence at {@code startCycle} (the
 *        network interface then injects it back to back, and latencies include source queueing)
 * @param payloadBytesPerPacket payload bytes one packet carries, to cut plans sized in
 *        {@link org.fabrica.scheduler.SizeUnit#BYTES} into packets (a transfer of b bytes is
 *        ceil(b / payloadBytesPerPacket) packets); 0 when the plan is sized in packets
 */
public record Pacing(int packetFlits, long startCycle, long gapCycles, int payloadBytesPerPacket) {
    /** Checks the values. */
    public Pacing {
        if (packetFlits < 1) {
            throw new IllegalArgumentException("packet length = " + packetFlits + " flits; use >= 1");
        }
        if (startCycle < 0 || gapCycles < 0) {
            throw new IllegalArgumentException("schedule pacing: start cycle " + startCycle + " and gap " + gapCycles
                    + " cycles must be >= 0");
        }
        if (payloadBytesPerPacket < 0) {
            throw new IllegalArgumentException("payload per packet = " + payloadBytesPerPacket
                    + " bytes; use >= 1 for plans sized in bytes, 0 for plans sized in packets");
        }
    }

    /** Every sender from cycle 0, one packet every {@code packetFlits} cycles (its link's rate); sizes in packets. */
    public static Pacing linkRate(int packetFlits) {
        return new Pacing(packetFlits, 0, packetFlits, 0);
    }

    /** Every sender generates all its packets at cycle 0; sizes in packets. */
    public static Pacing allAtOnce(int packetFlits) {
        return new Pacing(packetFlits, 0, 0, 0);
    }
}
