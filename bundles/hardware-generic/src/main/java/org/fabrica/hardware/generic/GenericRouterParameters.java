package org.fabrica.hardware.generic;

import org.fabrica.hardware.CrossbarOrganisation;
import org.fabrica.hardware.FlowControl;
import org.fabrica.hardware.InjectionQueues;
import org.fabrica.hardware.OutputInterleaving;
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

    @AttributeDefinition(description = "Older name of crossbar: vc-inputs (each input VC its own crossbar input);"
            + " give crossbar instead")
    boolean voqCrossbar() default false;

    @AttributeDefinition(description = "How input queues reach the crossbar: shared (one crossbar input per port),"
            + " vc-inputs (one per input VC), per-vc (one N x N crossbar per VC, an output arbiter chooses among"
            + " them), voq (one queue and crossbar input per input VC and output, sharing the VC's buffer)")
    CrossbarOrganisation crossbar() default CrossbarOrganisation.SHARED;

    @AttributeDefinition(description = "Allocator of VC allocation: a provider name with optional parameters,"
            + " e.g. round-robin, islip(iterations=2), priority, oldest-first")
    String vcAllocator() default "round-robin";

    @AttributeDefinition(description = "Allocator of switch allocation (same form as vcAllocator)")
    String switchAllocator() default "round-robin";

    @AttributeDefinition(description = "Output arbiter choosing among the VC crossbars' winners (crossbar per-vc"
            + " only; same form as vcAllocator)")
    String outputArbiter() default "round-robin";

    @AttributeDefinition(description = "Capacity of each VC buffer in flits, VC 0 first (empty = bufferFlits for"
            + " every VC; otherwise one value per VC)", min = "1")
    int[] vcBufferFlits() default {};

    @AttributeDefinition(description = "Capacity of one VC buffer in bytes, converted once with flitBytes (0 = use"
            + " bufferFlits; must be a multiple of flitBytes)", min = "0")
    int bufferBytes() default 0;

    @AttributeDefinition(description = "Output priority class of each VC, 0 highest (empty = all 0; otherwise one"
            + " value per VC); honoured by the priority allocator", min = "0")
    int[] vcPriorities() default {};

    @AttributeDefinition(description = "Function of each VC, e.g. data, barrier (empty = all data; otherwise one"
            + " name per VC)")
    String[] vcFunctions() default {};

    @AttributeDefinition(description = "Link bandwidth, as the cycles a router-to-router link needs per flit (its"
            + " serialisation time): one flit every c cycles, 1 = one flit per cycle, 2 = half the bandwidth", min = "1")
    int linkCyclesPerFlit() default 1;

    @AttributeDefinition(description = "Bandwidth of the links between a router and a network interface, as cycles"
            + " per flit (like linkCyclesPerFlit)", min = "1")
    int terminalLinkCyclesPerFlit() default 1;

    @AttributeDefinition(description = "Injection queues of a network interface: single (one FIFO), per-vc"
            + " (one lane per VC, flits of different lanes interleave on the link) or per-vc-admittance (per-vc"
            + " lanes of at most a VC's capacity behind an admittance queue per destination)")
    InjectionQueues injectionQueues() default InjectionQueues.SINGLE;

    @AttributeDefinition(description = "How an output's link shares its cycles among the VCs' packets: flits (each"
            + " cycle's flit may be of any VC, BookSim2's way) or packets (a packet once started crosses to its tail"
            + " before another, holding a shared crossbar's input too; needs virtual cut-through)")
    OutputInterleaving outputInterleaving() default OutputInterleaving.FLITS;

    @AttributeDefinition(description = "Length of a cycle in ns, for reporting", min = "0.001")
    double cycleNanoseconds() default 1.0;

    @AttributeDefinition(description = "Bytes per flit: converts bufferBytes and an experiment's"
            + " traffic.packetBytes to flits, and serves reporting", min = "1")
    int flitBytes() default 16;
}
