package org.fabrica.topology;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * A network graph of routers with numbered ports. A port either links to a port of another
 * router, attaches an end node (terminal port), or is unused. Ports are numbered 0 ..
 * {@link #ports(int)}-1 per router. Links are point to point and full duplex: if
 * {@code neighbor(r, p) == s} and {@code neighborPort(r, p) == q} then
 * {@code neighbor(s, q) == r} and {@code neighborPort(s, q) == p}.
 * Implementations are immutable and cheap to query (the network model copies what it needs into
 * arrays at build time).
 */
@ConsumerType
public interface Topology {
    /** Number of end nodes (terminals), numbered 0 .. nodes()-1. */
    int nodes();

    /** Number of routers (switches), numbered 0 .. routers()-1. */
    int routers();

    /** Number of ports of router {@code router}. */
    int ports(int router);

    /** Router at the other end of the link on this port, or -1 for terminal and unused ports. */
    int neighbor(int router, int port);

    /** Port number at the neighbouring router, or -1 for terminal and unused ports. */
    int neighborPort(int router, int port);

    /** End node attached to this port, or -1 when the port is a network or unused port. */
    int terminal(int router, int port);

    /** Router an end node attaches to. */
    int nodeRouter(int node);

    /** Port of {@link #nodeRouter(int)} that the end node attaches to. */
    int nodePort(int node);

    /** Short human-readable label of a port for messages and charts, e.g. {@code x+}. */
    default String portLabel(int router, int port) {
        return "p" + port;
    }

    /** Human-readable description, e.g. {@code 8 x 8 torus}. */
    String describe();
}
