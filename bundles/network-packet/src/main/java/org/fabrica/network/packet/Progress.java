package org.fabrica.network.packet;

/** Counters the parts share: flit hops, the last cycle anything moved, packets in the network, packet ids. */
final class Progress {
    long flitHops;
    long lastMove;
    long inNetwork;
    /** Packets whose tails are on their way to their interfaces (delivery due). */
    long ejecting;
    long nextPacketId;
    long now;
}
