package org.fabrica.network.packet;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** Parameters of the packet-level network model (router timing and buffers come from the hardware model). */
@ObjectClassDefinition(name = "Packet-level network",
        description = "Event-driven model of virtual cut-through networks whose links carry whole packets: a packet's"
                + " head leaves a router once the whole packet fits downstream and the output is free, the link is"
                + " busy for the packet's serialisation, credits return flit by flit as in the flit model. Its cost"
                + " grows with packet-hops, not flit-cycles. Wormhole, flit interleaving, VOQ and per-VC crossbars,"
                + " throttles, collective engines and link errors are refused (use the flit model).")
public @interface PacketNetworkParameters {
    @AttributeDefinition(description = "Livelock limit: a packet that crosses more than this many "
            + "router-to-router links per router of the network fails the run (the routing is blamed).", min = "1")
    int livelockHopsPerRouter() default 4;
}
