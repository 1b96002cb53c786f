package org.fabrica.hardware.infiniband;

import org.fabrica.hardware.CrossbarOrganisation;
import org.fabrica.hardware.InjectionQueues;
import org.fabrica.hardware.OutputInterleaving;
import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/**
 * Parameters of the {@code infiniband} model. The defaults are the OSHA/SASHA study's switch and
 * links (docs/studies/osha-sasha.md): 100 Gbps links with 6 ns of propagation, 128 KB of buffer
 * per input port shared out among the VLs, 4 KB MTU, virtual cut-through, and links that send each
 * packet whole, as an InfiniBand link does (its VL arbitration chooses the next packet, not the next flit). A
 * scheme that uses fewer queues than {@code vls} gives its queues the whole port buffer with a
 * {@code vls} of its own ({@code schemes[i].hardware}), as a subnet manager sets a port's
 * operational VLs. The study gives no switch
 * or interface latency: the defaults (100 ns) are a round figure, not taken from the study or a
 * measured switch; they are parameters, and results must say which values they used.
 */
@ObjectClassDefinition(name = "infiniband", description = "InfiniBand-like switch and node interface: virtual"
        + " cut-through, credit flow control, VLs sharing out a port buffer, link rate and propagation in physical"
        + " units (the OSHA/SASHA study)")
public @interface InfinibandParameters {
    @AttributeDefinition(description = "Link rate in Gbps; with flitBytes it sets the cycle (one flit per cycle"
            + " per link): cycle = flitBytes x 8 / linkGbps ns", min = "0.001")
    double linkGbps() default 100;

    @AttributeDefinition(description = "Bytes per flit: InfiniBand counts credits in 64-byte blocks", min = "1")
    int flitBytes() default 64;

    @AttributeDefinition(description = "Link propagation delay in ns (1.2 m at 5 ns/m = 6 ns); rounded up to whole"
            + " cycles, at least 1", min = "0")
    double propagationNs() default 6;

    @AttributeDefinition(description = "Buffer of one input port in bytes, shared out equally among the vls VLs"
            + " (a scheme with fewer queues takes its own vls to have the whole buffer)",
            min = "1")
    int portBufferBytes() default 131072;

    @AttributeDefinition(description = "Data virtual lanes (VCs) per port; InfiniBand has at most 15, the study"
            + " uses up to 8 (4 per virtual network)", min = "1", max = "64")
    int vls() default 4;

    @AttributeDefinition(description = "MTU: the largest packet in bytes (a whole number of flits)", min = "1")
    int mtuBytes() default 4096;

    @AttributeDefinition(description = "Port-to-port latency of a switch in ns without contention (route, VL and"
            + " switch allocation, crossing), rounded to whole cycles; the link comes on top", min = "0")
    double switchLatencyNs() default 100;

    @AttributeDefinition(description = "Latency of a node interface forwarding a transit packet between its ports"
            + " (routers of kind interface, e.g. in KNS), as switchLatencyNs", min = "0")
    double interfaceLatencyNs() default 100;

    @AttributeDefinition(description = "SL-to-VL table: the VL of each service level, SL 0 first, applied at every"
            + " output port (empty, the default: none, the queuing scheme chooses VLs; otherwise 1 to 16 entries, each"
            + " a data VL 0 .. vls-1, and the queuing scheme chooses SLs, e.g. [0, 0, 1, 1] puts SLs 0 and 1 on VL 0)",
            min = "0", max = "63")
    int[] slToVl() default {};

    @AttributeDefinition(description = "VL arbitration, high-priority table: entries vl:weight, weight in 64-byte"
            + " units as InfiniBand counts it (empty in both tables, the default: no VL arbitration, each output"
            + " serves its VLs' flits round robin)")
    String[] vlArbitrationHigh() default {};

    @AttributeDefinition(description = "VL arbitration, low-priority table: entries vl:weight as vlArbitrationHigh;"
            + " every data VL must have a positive weight in one of the two tables")
    String[] vlArbitrationLow() default {};

    @AttributeDefinition(description = "VL arbitration: LimitOfHighPriority, the bytes of high priority (in 4 KB"
            + " units, 0 one packet) an output sends while a low-priority VL waits before that VL may send;"
            + " 255: no limit", min = "0", max = "255")
    int limitOfHighPriority() default 255;

    @AttributeDefinition(description = "How an output's link shares its cycles among the VLs' packets: packets (the"
            + " default: a packet once started goes on the wire to its tail, as an InfiniBand link sends it; an output"
            + " idles in a cycle its packet's next flit is not there) or flits (each cycle's flit may be of any VL, as"
            + " a NoC link does)")
    OutputInterleaving linkInterleaving() default OutputInterleaving.PACKETS;

    @AttributeDefinition(description = "Crossbar access: shared (one crossbar input per port) or voq (each VL of an"
            + " input holds one queue per output, each its own crossbar input; flow control stays per VL)")
    CrossbarOrganisation crossbar() default CrossbarOrganisation.SHARED;

    @AttributeDefinition(description = "Injection queues of the node interfaces: per-vc (organised like the switch"
            + " queues, as in the study, fed as packets are generated), per-vc-admittance (the same behind the study's"
            + " admittance queue per destination: a packet enters its injection queue when it has room, and its"
            + " virtual network is chosen then) or single (one FIFO)")
    InjectionQueues injectionQueues() default InjectionQueues.PER_VC;
}
