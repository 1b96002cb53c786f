package org.fabrica.hardware;

/**
 * How an output port's link shares its cycles among the packets of its VCs.
 *
 * @since 1.6
 */
public enum OutputInterleaving {
    /**
     * Flit by flit: each cycle's switch allocation may give the link to a flit of any VC, so the
     * flits of packets on different VCs interleave on it (BookSim2, Garnet; the default).
     */
    FLITS,
    /**
     * A whole packet at a time: once a packet's head has crossed to an output, that output carries
     * only that packet's flits until its tail has crossed, idling in a cycle in which the next flit
     * is not there (as an InfiniBand link sends a packet to its end once started). A network
     * interface's per-VC injection lanes likewise send one packet at a time.
     */
    PACKETS
}
