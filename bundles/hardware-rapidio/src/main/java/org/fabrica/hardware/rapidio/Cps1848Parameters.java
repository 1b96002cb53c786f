package org.fabrica.hardware.rapidio;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;
import org.osgi.service.metatype.annotations.Option;

/**
 * Parameters of the {@code rapidio-cps1848} hardware model. Defaults are the IDT CPS-1848 and the
 * end points of docs/studies/rapidio-m2n.md ("Hardware: the IDT CPS-1848 switch"); buffer sizes from
 * the CPS-1848 User Manual (IDT, June 2014), section 4.3.
 */
@ObjectClassDefinition(name = "rapidio-cps1848", description = "IDT CPS-1848 Serial RapidIO 2.1 switch with its end"
        + " points (docs/studies/rapidio-m2n.md, \"Hardware: the IDT CPS-1848 switch\"): 4x 5 Gbaud 8b/10b ports (16 Gbps), 4 ns cycle, 170 ns hop"
        + " latency, 608 ns endpoint overhead, virtual cut-through with 1 VC and lossless link-level flow control,"
        + " packets built from the real RapidIO header, CRC and padding bytes")
public @interface Cps1848Parameters {
    @AttributeDefinition(description = "Lanes per port (paper: 4; the CPS-1848 configures ports as 1x, 2x or 4x)",
            options = {@Option(label = "1x", value = "1"), @Option(label = "2x", value = "2"),
                @Option(label = "4x", value = "4")})
    int lanes() default 4;

    @AttributeDefinition(description = "Lane rate in Gbaud (paper: 5; the CPS-1848 supports 1.25, 2.5, 3.125, 5 and"
            + " 6.25)", min = "0.1", max = "100")
    double baudGbps() default 5.0;

    @AttributeDefinition(description = "Line code: code-8b10b (RapidIO 2.x and the CPS-1848, study: 16 Gbps from 4 x 5"
            + " Gbaud) or code-64b67b (RapidIO 3.x). Port data rate per direction = lanes x baud x code rate")
    LineCoding coding() default LineCoding.CODE_8B10B;

    @AttributeDefinition(description = "Length of a cycle in ns (paper: time is counted in cycles of 4 ns). A flit is"
            + " what a port moves per cycle: data rate x cycle, rounded down to whole bytes (8 with the defaults)",
            min = "0.01")
    double cycleNanoseconds() default 4.0;

    @AttributeDefinition(description = "Switch hop latency in ns, pin to pin, for a packet head without contention"
            + " (paper: about 170 ns measured, the default; 111.6 ns in theory). Becomes the router pipeline: together"
            + " with the cable it drives, (hopLatencyNs + cableDelayNs) rounded to cycles per hop", min = "0")
    double hopLatencyNs() default 170.0;

    @AttributeDefinition(description = "Propagation delay of one cable or trace between two ports, in ns (default 5:"
            + " about 1 m of copper at 5 ns/m; the paper gives no figure, and its no-contention delay of about 1.484 us"
            + " through five hops is not used to set it). Every link pays it: a path through h switches has h + 1"
            + " links", min = "0")
    double cableDelayNs() default 5.0;

    @AttributeDefinition(description = "End point (processor) send plus receive overhead per message, in ns (paper:"
            + " about 608 ns = 152 cycles of 4 ns); split evenly between sender and receiver", min = "0")
    double endpointOverheadNs() default 608.0;

    @AttributeDefinition(description = "Device ID size in bits, for both destination and source IDs (tt = 0b00, 0b01,"
            + " 0b10). 16 addresses up to 65536 end points (the extended 8-ary 3-tree has 1024); 8 only 256; 32 is"
            + " RapidIO 3.x", options = {@Option(label = "8-bit (small)", value = "8"),
                @Option(label = "16-bit (large)", value = "16"), @Option(label = "32-bit (RapidIO 3.x)", value = "32")})
    int deviceIdBits() default 16;

    @AttributeDefinition(description = "Logical transaction carrying the payload: nwrite (ftype 5, 6-byte header with"
            + " 34-bit addresses), swrite (ftype 6, streaming write, 4 bytes) or message (type 11, 2 bytes; its"
            + " responses are not counted)")
    LogicalTransaction transaction() default LogicalTransaction.NWRITE;

    @AttributeDefinition(description = "Address size of nwrite and swrite in bits (34: 4 address bytes, 50: 6, 66: 8)",
            options = {@Option(label = "34-bit", value = "34"), @Option(label = "50-bit", value = "50"),
                @Option(label = "66-bit", value = "66")})
    int addressBits() default 34;

    @AttributeDefinition(description = "Largest payload of one packet in bytes (paper: at most 256); a multiple of 8"
            + " (a power of two for messages)", min = "8", max = "256")
    int maxPayloadBytes() default 256;

    @AttributeDefinition(description = "Bytes of the start-of-packet control symbol counted per packet on the wire (4:"
            + " a RapidIO 2.x control symbol, delimiter plus 24 bits; 8 for RapidIO 3.x; 0 counts the packet alone)",
            min = "0", max = "8")
    int delimiterBytes() default 4;

    @AttributeDefinition(description = "Input buffer per port in maximum-size packets (CPS-1848 User Manual, 4.3: the"
            + " Input Buffer stores up to 12 packets of any size); converted to flits of maximum-size packets",
            min = "1", max = "64")
    int inputBufferPackets() default 12;

    @AttributeDefinition(description = "Route lookup and allocation of the next packet overlap the forwarding of the"
            + " previous one, as in a cut-through switch: routing 0, VC allocation 0, switch allocation 1 cycle, so a"
            + " flow's back-to-back packets follow each other without a gap. false gives the input-queued pipeline"
            + " R = 1, VA = 1 with its 2 idle cycles between back-to-back packets of one input. The hop latency is the"
            + " same either way")
    boolean overlappedAllocation() default true;
}
