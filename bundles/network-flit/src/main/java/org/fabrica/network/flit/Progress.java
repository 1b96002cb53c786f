package org.fabrica.network.flit;

/**
 * The cycle being simulated, and the counters of movement that the network interfaces and the
 * crossbar both advance and the watchdog reads.
 */
final class Progress {
    /** The cycle being simulated (set at the start of every cycle). */
    long now;
    /** Flit crossings of links so far (terminal links included). */
    long flitHops;
    /** Last cycle in which a flit moved. */
    long lastMove;
    /** Packets whose head has entered the network and whose tail has not been delivered. */
    long inNetwork;
    /** The id of the next packet, generated or copied (ids grow with creation, never reused). */
    long nextPacketId;
}
