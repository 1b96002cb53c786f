package org.fabrica.queuing.basic;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** Parameters of {@code dbbq}. */
@ObjectClassDefinition(name = "dbbq", description = "Dual band-based queuing over two virtual networks")
public @interface DbbqParameters {
    @AttributeDefinition(description = "Queues (bands) per virtual network: 1 gives one queue per network"
            + " (OSHA-2VC, SASHA-2VC), 2 the 4-VC DBBQ schemes; 2 x this x the routing's VC classes <= the VCs",
            min = "1", max = "32")
    int queuesPerNetwork() default 2;

    @AttributeDefinition(description = "How the source picks a packet's network: round-robin (OSHA: alternate"
            + " packet by packet per source), least-occupied (SASHA: the network whose candidate queue at the"
            + " source router's first-hop output holds fewer flits by its credits) or least-waiting (SASHA on the"
            + " transmit-wait counters: the candidate whose output VC waited fewer cycles for credits since the"
            + " source's previous choice); ties alternate")
    NetworkSelection selection() default NetworkSelection.ROUND_ROBIN;

    @AttributeDefinition(description = "Nodes per row k of the vertical bands floor((dest mod k) * q / k);"
            + " 0 = the topology's first radix (tori, meshes, KNS)", min = "0")
    int columns() default 0;
}
