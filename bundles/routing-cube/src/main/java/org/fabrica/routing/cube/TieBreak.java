package org.fabrica.routing.cube;

/** Direction dimension-order routing takes on a ring when the distance is exactly k/2 both ways. */
public enum TieBreak {
    /** Always the + direction: every packet of a source/destination pair takes the same path. */
    PLUS,
    /**
     * + or - from a hash of the packet id (one bit per dimension): half of such packets go each
     * way, which balances the two directions as BookSim2's random choice does, while a packet's
     * route stays a pure function of its header. Routing is then not deterministic per pair.
     */
    PACKET_HASH
}
