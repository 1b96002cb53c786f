package org.fabrica.hardware.dawning;

import org.fabrica.hardware.CrossbarOrganisation;
import org.fabrica.hardware.InjectionQueues;
import org.fabrica.hardware.OutputInterleaving;
import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/**
 * Parameters of the {@code dawning5000} model. The defaults are the paper's switch and interface
 * (docs/studies/dawning.md, "Configuration"): the ASIC's 156.25 MHz clock (Section 6), the
 * prototype's measured latencies (Section 7.1) converted to it where they are the switch chip's
 * (130 ns at the FPGA's 100 MHz are 13 cycles), links of the TLK2711 serdes at 3.125 Gbaud (2.5 Gbit/s
 * of data after 8b/10b: 2 bytes per cycle), function-separated VCs (2 unicast, 1 mixed, 1
 * barrier) of 4 KB and 128 B (Section 6), parallel per-VC crossbars, barrier VC first, whole packets
 * on the links (virtual cut-through, Section 3), and the interface's 1.4 us of software plus 0.2 us
 * of line and serdes (Section 7.1). Fabrica's readings, each a parameter: the 8b/10b coding of the
 * serdes, the even split of the software time between sender and receiver, and the line time split
 * evenly between the two links of a path through one switch.
 */
@ObjectClassDefinition(name = "dawning5000", description = "The Dawning 5000 switch and network interface: virtual"
        + " cut-through with whole packets on the links, function-separated VCs with buffers in bytes, parallel"
        + " per-VC crossbars, barrier VC first, latencies in nanoseconds or in cycles of the switch clock")
public @interface Dawning5000Parameters {
    @AttributeDefinition(description = "Switch clock in MHz: the ASIC's 156.25 MHz (6.4 ns, Section 6); 100 is the"
            + " FPGA prototype's, on which the latencies of Section 7.1 were measured", min = "0.001")
    double clockMHz() default 156.25;

    @AttributeDefinition(description = "Bytes per flit, which a link carries per cycle: 2 bytes at 156.25 MHz are"
            + " 2.5 Gbit/s, the data rate of the TLK2711 serdes at its 3.125 Gbaud with 8b/10b coding (Section 6; the"
            + " coding is Fabrica's reading); 8 gives the 10 Gbit/s links of Fabrica's earlier reading", min = "1")
    int flitBytes() default 2;

    @AttributeDefinition(description = "Function of each VC, VC 0 first: unicast, mixed (unicast and multicast),"
            + " multicast or barrier; the count is the number of VCs. The paper's switch: [unicast, unicast, mixed,"
            + " barrier]")
    String[] vcFunctions() default {"unicast", "unicast", "mixed", "barrier"};

    @AttributeDefinition(description = "Buffer of each unicast, mixed or multicast VC in bytes (a whole number of"
            + " flits)", min = "1")
    int dataVcBytes() default 4096;

    @AttributeDefinition(description = "Buffer of each barrier VC in bytes (a whole number of flits)", min = "1")
    int barrierVcBytes() default 128;

    @AttributeDefinition(description = "Crossbar organisation: per-vc (parallel switching: one N x N crossbar per VC,"
            + " then an output arbiter per port, the paper's), vc-inputs (one kN x N crossbar), or shared (one N x N"
            + " crossbar, one flit per input port and cycle)")
    CrossbarOrganisation crossbar() default CrossbarOrganisation.PER_VC;

    @AttributeDefinition(description = "Port-to-port latency of the switch without contention in cycles of the"
            + " clock: VC allocation, switch allocation and crossing one cycle each, route computation the rest. 13:"
            + " the 130 ns measured on the prototype at 100 MHz (Section 7.1), 83.2 ns at 156.25 MHz", min = "3",
            max = "1000000")
    int switchLatencyCycles() default 13;

    @AttributeDefinition(description = "How a link shares its cycles among the VCs' packets: packets (a packet once"
            + " started goes on the wire to its tail, as a virtual cut-through switch sends it; a barrier packet"
            + " waits for the packet on the link) or flits (flits of packets on different VCs interleave cycle by"
            + " cycle, Fabrica's earlier model). The flit network takes multi-flit multicast packets only with flits")
    OutputInterleaving linkInterleaving() default OutputInterleaving.PACKETS;

    @AttributeDefinition(description = "Latency of one link (line and serdes) in ns, rounded up to whole cycles, at"
            + " least 1: the paper's 0.2 us of line and serdes (Section 7.1) over the two links of a path through one"
            + " switch; a time of the serdes and cable, not of the switch clock, so not converted", min = "0")
    double linkLatencyNs() default 100;

    @AttributeDefinition(description = "Software and interface time at the sender in ns (half of the paper's 1.4 us"
            + " send and receive, Section 7.1), rounded to whole cycles", min = "0")
    double sendOverheadNs() default 700;

    @AttributeDefinition(description = "Software and interface time at the receiver in ns (the other half)", min = "0")
    double receiveOverheadNs() default 700;

    @AttributeDefinition(description = "The largest packet in bytes (the paper's design studies use 128 to 1,024)",
            min = "1")
    int mtuBytes() default 1024;

    @AttributeDefinition(description = "Injection queues of the network interfaces: single (one FIFO) or per-vc")
    InjectionQueues injectionQueues() default InjectionQueues.SINGLE;
}
