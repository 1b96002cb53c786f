package org.fabrica.hardware;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * A hardware model: the router the network model builds (its classic parameters, and since 1.2
 * the whole {@link RouterDescription}), and (since 1.1) how payload is packed into packets and
 * what the end nodes add to a message's latency.
 */
@ConsumerType
public interface HardwareModel {
    RouterParameters router();

    /**
     * Packet format: maximum payload and bytes on the wire per packet. Default: no format of its
     * own ({@link PacketFormat#UNFRAMED}); the experiment's packet length decides.
     *
     * @since 1.1
     */
    default PacketFormat packetFormat() {
        return PacketFormat.UNFRAMED;
    }

    /**
     * Send and receive overhead of the end nodes. Default: none.
     *
     * @since 1.1
     */
    default EndpointTiming endpoint() {
        return EndpointTiming.NONE;
    }

    /**
     * The whole router a network model builds: VCs with their buffers, priorities and functions,
     * crossbar organisation, links, allocator parts, network interface queues. Default: the
     * description of {@link #router()} ({@link RouterDescription#of(RouterParameters)}).
     *
     * @since 1.2
     */
    default RouterDescription description() {
        return RouterDescription.of(router());
    }

    /**
     * The router of one kind ({@code Topology.routerKind}: {@code "switch"}, {@code "interface"},
     * or a topology's own name). A network model asks once per kind its topology has. Kinds may
     * differ in pipeline delays, buffer sizes and links; what routers must agree on to exchange
     * flits (VC count, functions and priorities, switching, crossbar organisation, allocators,
     * injection queues, flit size, clock) a network model checks and refuses naming the field.
     * Default: {@link #description()} for every kind.
     *
     * @param kind the router kind, never null
     * @since 1.3
     */
    default RouterDescription description(String kind) {
        return description();
    }
}
