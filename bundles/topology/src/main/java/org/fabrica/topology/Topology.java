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
    /** {@link #routerKind(int)} of a switch: a router that only forwards (the default). */
    String SWITCH = "switch";

    /**
     * {@link #routerKind(int)} of a network interface that also forwards transit packets between
     * its network ports (the node interfaces of direct and hybrid topologies such as KNS).
     */
    String INTERFACE = "interface";

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

    /**
     * The kind of router {@code router} is, by which a hardware model may describe it differently
     * (pipeline, buffers, links): {@link #SWITCH} (the default), {@link #INTERFACE}, or a name of
     * the topology's own. A network model asks the hardware model for one description per kind
     * ({@code HardwareModel.description(String)}).
     *
     * @since 1.2
     */
    default String routerKind(int router) {
        return SWITCH;
    }

    /** Human-readable description, e.g. {@code 8 x 8 torus}. */
    String describe();
}
