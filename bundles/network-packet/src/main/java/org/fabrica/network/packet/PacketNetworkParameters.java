package org.fabrica.network.packet;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** Parameters of the packet-level network model (router timing and buffers come from the hardware model). */
@ObjectClassDefinition(name = "Packet-level network",
        description = "Event-driven model of virtual cut-through networks whose links carry whole packets: a packet's"
                + " head leaves a router once the whole packet fits downstream and the output is free, the link is"
                + " busy for the packet's serialisation, credits return flit by flit as in the flit model. Its cost"
                + " grows with packet-hops, not flit-cycles. Wormhole, flit interleaving, active throttles, collective"
                + " engines and multi-output routes are refused (use the flit model).")
public @interface PacketNetworkParameters {
    @AttributeDefinition(description = "Livelock limit: a packet that crosses more than this many "
            + "router-to-router links per router of the network fails the run (the routing is blamed).", min = "1")
    int livelockHopsPerRouter() default 4;

    @AttributeDefinition(description = "Bit error rate of every link, per bit: a unicast packet is corrupted with"
            + " probability 1 - (1 - rate)^(bits x links crossed), dropped by its destination interface and sent again"
            + " by its source (retransmitTimeoutCycles), with the flit model's draws. 0 by default (the flit model's"
            + " default is 1e-13): set the same rate on both models to compare them", min = "0", max = "0.999999")
    double bitErrorRate() default 0;

    @AttributeDefinition(description = "End-to-end retransmission of unicast packets lost to link errors: the source"
            + " interface queues a dropped packet again at the later of the drop and its injection + this many cycles"
            + " (acknowledgements are not simulated as traffic)", min = "1")
    int retransmitTimeoutCycles() default 2000;
}
