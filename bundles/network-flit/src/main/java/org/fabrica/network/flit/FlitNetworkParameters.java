package org.fabrica.network.flit;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** Parameters of the flit-level network model (router timing and buffers come from the hardware model). */
@ObjectClassDefinition(name = "Flit-level network",
        description = "Cycle-accurate input-queued routers: credit flow control, virtual channels, "
                + "VC and switch allocators and crossbar organisation as the hardware model describes them, network interfaces"
                + " with unbounded source queues.")
public @interface FlitNetworkParameters {
    @AttributeDefinition(description = "Livelock limit: a packet that crosses more than this many "
            + "router-to-router links per router of the network fails the run (the routing is blamed).", min = "1")
    int livelockHopsPerRouter() default 4;

    @AttributeDefinition(description = "Release an output VC for the next packet only when the credit of the "
            + "previous packet's tail has returned (downstream buffer drained), instead of as soon as the tail "
            + "has left (BookSim's default, wait_for_tail_credit = 0).")
    boolean waitForTailCredit() default false;

    @AttributeDefinition(description = "Bit error rate of every link, per bit: a barrier packet that crosses a link"
            + " is corrupted with probability 1 - (1 - rate)^bits and dropped by the receiver's CRC check; a unicast"
            + " packet with probability 1 - (1 - rate)^(bits x links crossed), dropped by its destination interface and"
            + " sent again by its source (retransmitTimeoutCycles); multicast packets cross unharmed. Raise it to study"
            + " the reliable barrier or the cost of retransmission", min = "0", max = "0.999999")
    double bitErrorRate() default 1e-13;

    @AttributeDefinition(description = "End-to-end retransmission of unicast packets lost to link errors: the source"
            + " interface keeps a copy of every unicast packet until it is delivered and queues a dropped one again at the"
            + " later of the drop and its injection + this many cycles (the acknowledgement timeout; acknowledgements are"
            + " not simulated as traffic)", min = "1")
    int retransmitTimeoutCycles() default 2000;

    @AttributeDefinition(description = "A switch without the Global Resource Bulletin: a multicast packet claims each"
            + " output's VC as soon as it is free and holds it while it waits for the others (hold and wait), instead of"
            + " taking all of them at once or none. Two multicasts can then deadlock inside one switch; for that"
            + " comparison only")
    boolean holdAndWaitBranches() default false;
}
