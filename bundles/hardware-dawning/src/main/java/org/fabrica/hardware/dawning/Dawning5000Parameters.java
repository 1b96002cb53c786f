package org.fabrica.hardware.dawning;

import org.fabrica.hardware.CrossbarOrganisation;
import org.fabrica.hardware.InjectionQueues;
import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/**
 * Parameters of the {@code dawning5000} model. The defaults are the paper's switch
 * (docs/studies/dawning.md, "The switch"): 156.25 MHz, 130 ns through the switch, function-separated
 * VCs (2 unicast, 1 mixed, 1 barrier) of 4 KB and 128 B, parallel per-VC crossbars, barrier VC
 * first, and the network interface's 1.4 us of software plus 0.2 us of line and serdes. Three
 * defaults are Fabrica's reading, not the paper's figures, and are parameters: the 8-byte datapath
 * (156.25 MHz x 64 bits = 10 Gbps), the even split of the software time between sender and
 * receiver, and the line time split evenly between the two links of a path through one switch.
 */
@ObjectClassDefinition(name = "dawning5000", description = "The Dawning 5000 switch and network interface: virtual"
        + " cut-through, function-separated VCs with buffers in bytes, parallel per-VC crossbars, barrier VC first,"
        + " latencies in nanoseconds")
public @interface Dawning5000Parameters {
    @AttributeDefinition(description = "Switch clock in MHz; one flit crosses a link per cycle (156.25 MHz: 6.4 ns)",
            min = "0.001")
    double clockMHz() default 156.25;

    @AttributeDefinition(description = "Bytes per flit, the datapath width: 8 bytes at 156.25 MHz are 10 Gbps per"
            + " link (Fabrica's reading; the paper gives no width)", min = "1")
    int flitBytes() default 8;

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

    @AttributeDefinition(description = "Port-to-port latency of the switch without contention in ns, rounded to whole"
            + " cycles: VC allocation, switch allocation and crossing one cycle each, route computation the rest", min = "0")
    double switchLatencyNs() default 130;

    @AttributeDefinition(description = "Latency of one link (line and serdes) in ns, rounded up to whole cycles, at"
            + " least 1: the paper's 0.2 us of line and serdes over the two links of a path through one switch", min = "0")
    double linkLatencyNs() default 100;

    @AttributeDefinition(description = "Software and interface time at the sender in ns (half of the paper's 1.4 us"
            + " send and receive), rounded to whole cycles", min = "0")
    double sendOverheadNs() default 700;

    @AttributeDefinition(description = "Software and interface time at the receiver in ns (the other half)", min = "0")
    double receiveOverheadNs() default 700;

    @AttributeDefinition(description = "The largest packet in bytes (the paper's design studies use 128 to 1,024)",
            min = "1")
    int mtuBytes() default 1024;

    @AttributeDefinition(description = "Injection queues of the network interfaces: single (one FIFO) or per-vc")
    InjectionQueues injectionQueues() default InjectionQueues.SINGLE;
}
