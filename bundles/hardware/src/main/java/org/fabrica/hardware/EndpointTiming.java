package org.fabrica.hardware;

/**
 * Fixed latencies an end node (processor, DMA engine, network interface) adds to a message, in
 * cycles: {@code sendOverheadCycles} between the message being posted and its first packet being
 * ready to inject, {@code receiveOverheadCycles} between its last packet arriving and the message
 * being available to the receiver. They are latencies, not link occupancy: the link may carry other
 * packets meanwhile. The total is what a hardware model quotes as "endpoint send/receive overhead";
 * the split matters only for when a packet appears at the source and destination.
 *
 * @param sendOverheadCycles cycles added at the sender, >= 0
 * @param receiveOverheadCycles cycles added at the receiver, >= 0
 */
public record EndpointTiming(int sendOverheadCycles, int receiveOverheadCycles) {
    /** No endpoint overhead (a generic router model's NIs). */
    public static final EndpointTiming NONE = new EndpointTiming(0, 0);

    public EndpointTiming {
        if (sendOverheadCycles < 0 || receiveOverheadCycles < 0) {
            throw new IllegalArgumentException("endpoint overheads must be >= 0 cycles, were send = "
                    + sendOverheadCycles + ", receive = " + receiveOverheadCycles);
        }
    }

    /** Send plus receive overhead. */
    public int totalCycles() {
        return sendOverheadCycles + receiveOverheadCycles;
    }
}
