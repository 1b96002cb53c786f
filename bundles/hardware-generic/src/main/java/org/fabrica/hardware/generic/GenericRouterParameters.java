package org.fabrica.hardware.generic;

import org.fabrica.hardware.FlowControl;
import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/**
 * Parameters of the {@code generic} router, one per field of
 * {@link org.fabrica.hardware.RouterParameters}. The defaults equal BookSim2's default
 * input-queued router (booksim_config.cpp: vc_buf_size 8, routing_delay 1, vc_alloc_delay 1,
 * sw_alloc_delay 1, st_final_delay 1, credit_delay 0, channel latency 1, wormhole since vct = 0)
 * with num_vcs = 2 as in its examples/torus88 configuration (BookSim2's own default is 16 VCs).
 */
@ObjectClassDefinition(name = "generic", description = "Generic input-queued virtual-channel router; defaults equal"
        + " BookSim2's default IQ router with 2 VCs (its examples/torus88)")
public @interface GenericRouterParameters {
    @AttributeDefinition(description = "Virtual channels per input port", min = "1", max = "64")
    int vcs() default 2;

    @AttributeDefinition(description = "Capacity of one VC buffer in flits", min = "1")
    int bufferFlits() default 8;

    @AttributeDefinition(description = "Buffer allocation: wormhole (a head needs room for one flit) or"
            + " virtual-cut-through (room for the whole packet)")
    FlowControl flowControl() default FlowControl.WORMHOLE;

    @AttributeDefinition(description = "Cycles of route computation (0 = combined with VC allocation)", min = "0")
    int routingDelay() default 1;

    @AttributeDefinition(description = "Cycles of VC allocation", min = "0")
    int vcAllocDelay() default 1;

    @AttributeDefinition(description = "Cycles of switch allocation", min = "0")
    int switchAllocDelay() default 1;

    @AttributeDefinition(description = "Cycles of crossbar traversal", min = "0")
    int switchTraversalDelay() default 1;

    @AttributeDefinition(description = "Cycles for a flit to cross a link", min = "1")
    int linkLatency() default 1;

    @AttributeDefinition(description = "Extra cycles for a credit to return upstream beyond the link latency", min = "0")
    int creditDelay() default 0;

    @AttributeDefinition(description = "Each input VC has its own crossbar input (no head-of-line blocking among the"
            + " VCs of a port); false = one crossbar input per port")
    boolean voqCrossbar() default false;

    @AttributeDefinition(description = "Length of a cycle in ns, for reporting", min = "0.001")
    double cycleNanoseconds() default 1.0;

    @AttributeDefinition(description = "Bytes per flit, for reporting", min = "1")
    int flitBytes() default 16;
}
