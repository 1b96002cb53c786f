package org.fabrica.hardware.rapidio;

import org.fabrica.hardware.EndpointTiming;
import org.fabrica.hardware.FlowControl;
import org.fabrica.hardware.HardwareModel;
import org.fabrica.hardware.RouterParameters;

/**
 * The IDT CPS-1848 Serial RapidIO switch and its end points (docs/studies/rapidio-m2n.md,
 * "Hardware: the IDT CPS-1848 switch") as a
 * flit-level router model.
 *
 * <h2>Port rate and flits</h2>
 * A port moves {@code lanes * baud * code rate} data bits per ns per direction (4 x 5 Gbaud x 8/10
 * = 16 Gbps). A flit is what a port moves in one cycle: {@code 16 Gbps * 4 ns = 64 bits = 8 bytes}.
 * When the product is not a whole number of bytes it is rounded down (the modelled port is then at
 * most one byte per cycle slower, {@link #modelledPortGbps()}); below one byte per cycle the
 * parameters are rejected. A packet of w wire bytes ({@link RapidIoPacketFormat}) takes
 * {@code ceil(w / flitBytes)} flits: a 256-byte NWRITE (276 bytes with its delimiter) is 35 flits,
 * 4 bytes more than the wire carries (the link is held for whole cycles).
 *
 * <h2>Hop latency: router pipeline and link</h2>
 * The study splits the fixed latency into processor, switch and cable ("T1 is processor + cable +
 * switch latency"): {@code hopLatencyNs} is the switch, pin to pin; {@code cableDelayNs} is every
 * link. A hop of the flit model is one router's pipeline plus the link it drives
 * ({@code R + VA + S + ST + L}, FlitNetwork), and is set to
 * {@code round((hopLatencyNs + cableDelayNs) / cycle)} cycles, rounded once per hop so that the
 * rounding errors do not add up. The link gets {@code L = max(1, round(cableDelayNs / cycle))}
 * (the flit model needs at least one cycle on a link) and the pipeline the rest: switch allocation 1
 * and the remainder as switch traversal, which in the chip is mostly SerDes, lane alignment and
 * 8b/10b decoding on the way in and out. The bulk is put in traversal rather than routing so that a
 * flit leaves the input buffer (and returns its credit) as early as in the chip, whose input buffer
 * is passed in cut-through. Defaults: (170 + 5) / 4 = 43.75, so 44 cycles per hop: L = 1, pipeline
 * 43 (R 0 + VA 0 + S 1 + ST 42). The 111.6 ns theoretical hop gives round(116.6 / 4) = 29 cycles.
 *
 * <h2>Overlapped allocation ({@code overlappedAllocation})</h2>
 * FlitNetwork is an input-queued router: the head of the next packet in an input VC starts route
 * computation (R cycles) and VC allocation (VA cycles) only after the previous packet's tail has
 * left that VC, so one VC per port leaves R + VA idle cycles on the output between back-to-back
 * packets of one input. A cut-through packet switch such as the CPS-1848 looks up the next
 * packet's destination ID and arbitrates while the previous packet is still being forwarded, and
 * the study gives no gap between packets. With {@code overlappedAllocation = true} (the default)
 * the model sets R = 0 and VA = 0: the head that becomes the front of its VC in the cycle after
 * the tail left is routed, granted its output VC and bids for the switch in that same cycle (a VC
 * released by a tail is free for allocation in the next cycle, FlitNetwork), so a flow's packets
 * leave back to back, one 35-flit packet per 35 cycles. The 2 cycles move into switch traversal,
 * so the hop and the zero-load arithmetic are the same as with {@code false}, which gives the IQ
 * pipeline R = 1, VA = 1, S = 1, ST = 40 and one packet per 37 cycles on a single path. Contending
 * inputs still alternate packet by packet: a grant is still made only when the output VC is free.
 *
 * <h2>Switch boards</h2>
 * The TianLai boards join four chips into one switch; {@code TreeTopology.chipsCrossed} says when a
 * packet crosses two. A network model that charges the second chip adds
 * {@link #routerPipelineCycles()} for it (the board trace between the chips is not modelled).
 *
 * <h2>Buffers and flow control</h2>
 * One virtual channel: RapidIO VC0, whose buffer rules the CPS-1848 enforces by priority (User
 * Manual 4.3); the four priorities and the CRF bit are not modelled, all packets are equal. Virtual
 * cut-through (the chip's CUT_THRU_EN mode, User Manual 4.4), credit flow control. The input
 * buffer holds {@code inputBufferPackets} maximum-size packets (CPS-1848 User Manual 4.3: 12 packets
 * of any size), i.e. {@code 12 * 35 = 420} flits; the model counts flits, so it holds more small
 * packets than the chip. The chip is a combined input-crosspoint-queued switch (input buffer with
 * virtual output queues, crosspoint buffers, a 34-packet final buffer per output, User Manual 4.2 to
 * 4.8); the model has the input buffer only, as a FIFO, so it has head-of-line blocking that the
 * chip's VoQs avoid (a VOQ queuing scheme over several VCs is the closer model). RapidIO's link-level
 * flow control is lossless: a receiver without room retries the packet, the sender replays it from
 * its retransmit buffer. Credits model the same losslessness without the retry traffic: retry
 * (and the bandwidth and latency it costs under congestion) is not modelled. Credits return with the
 * link latency and no extra delay ({@code creditDelay = 0}): 420 flits cover the round trip many
 * times, so it cannot limit throughput.
 *
 * <h2>Packet-by-packet alternation</h2>
 * With cut-through and one VC an output is owned by one packet from its VC grant to its tail; the
 * next grant goes round robin among the waiting inputs, which is the alternation the study
 * describes. That is the network model's allocator, not a parameter here.
 *
 * <h2>End points</h2>
 * {@code endpointOverheadNs} (608 ns = 152 cycles) is a latency per message, split evenly into send
 * and receive overhead ({@link #endpoint()}). It is not a per-packet occupancy: with 152 cycles per
 * 256-byte packet a port could not reach the measured 14.222 Gbps, and the study's T = T1 + m T2
 * puts the processor in the fixed part T1.
 *
 * <h2>No-contention latency</h2>
 * {@link #noContentionLatency(int, int)}: the configured arithmetic (endpoint overhead + h hop
 * latencies + (h + 1) cable delays, plus serialisation once) and what the flit model gives in
 * cycles.
 */
public final class Cps1848Model implements HardwareModel {
    /** IQ pipeline ({@code overlappedAllocation = false}): route computation, VC and switch allocation, one cycle each. */
    static final int IQ_ALLOCATION_CYCLES = 3;
    /** Overlapped allocation (the default): switch allocation only; route and VC are taken while the previous packet leaves. */
    static final int OVERLAPPED_ALLOCATION_CYCLES = 1;

    private final RouterParameters router;
    private final RapidIoPacketFormat format;
    private final EndpointTiming endpoint;
    private final double portGbps;
    private final double hopLatencyNs;
    private final double cableDelayNs;
    private final double endpointOverheadNs;

    Cps1848Model(Cps1848Parameters p) {
        if (p.lanes() != 1 && p.lanes() != 2 && p.lanes() != 4) {
            throw new IllegalArgumentException("lanes = " + p.lanes() + " is not a CPS-1848 port width; use 1, 2 or 4");
        }
        double cycle = p.cycleNanoseconds();
        this.format = new RapidIoPacketFormat(p.transaction(), p.deviceIdBits(), p.addressBits(), p.maxPayloadBytes(),
                p.delimiterBytes());
        this.portGbps = p.coding().dataGbps(p.lanes(), p.baudGbps());
        double bytesPerCycle = portGbps * cycle / 8.0;
        // 1e-9 absorbs the binary error of products such as 20 x 0.8 that are whole bytes in decimal.
        int flitBytes = (int) Math.floor(bytesPerCycle + 1e-9);
        if (flitBytes < 1) {
            throw new IllegalArgumentException("a " + portGbps + " Gbps port moves " + bytesPerCycle + " bytes per "
                    + cycle + " ns cycle, less than one; use cycleNanoseconds >= " + (8.0 / portGbps));
        }
        this.hopLatencyNs = p.hopLatencyNs();
        this.cableDelayNs = p.cableDelayNs();
        this.endpointOverheadNs = p.endpointOverheadNs();
        int hop = (int) Math.round((hopLatencyNs + cableDelayNs) / cycle);
        int link = (int) Math.max(1, Math.round(cableDelayNs / cycle));
        int pipeline = hop - link;
        boolean overlapped = p.overlappedAllocation();
        int allocation = overlapped ? OVERLAPPED_ALLOCATION_CYCLES : IQ_ALLOCATION_CYCLES;
        if (pipeline < allocation) {
            throw new IllegalArgumentException("hopLatencyNs = " + hopLatencyNs + " with cableDelayNs = " + cableDelayNs
                    + " leaves " + pipeline + " cycles of " + cycle + " ns for the router pipeline, fewer than its "
                    + allocation + " allocation stages; use hopLatencyNs >= " + (allocation * cycle)
                    + " or a shorter cycle");
        }
        int bufferFlits = Math.multiplyExact(p.inputBufferPackets(), format.flits(format.maxPayloadBytes(), flitBytes));
        int routing = overlapped ? 0 : 1;
        int vcAllocation = overlapped ? 0 : 1;
        this.router = new RouterParameters(1, bufferFlits, FlowControl.VIRTUAL_CUT_THROUGH, routing, vcAllocation, 1,
                pipeline - allocation, link, 0, false, cycle, flitBytes);
        int overhead = (int) Math.round(endpointOverheadNs / cycle);
        this.endpoint = new EndpointTiming(overhead / 2, overhead - overhead / 2);
    }

    @Override
    public RouterParameters router() {
        return router;
    }

    @Override
    public RapidIoPacketFormat packetFormat() {
        return format;
    }

    @Override
    public EndpointTiming endpoint() {
        return endpoint;
    }

    /** Configured data rate of a port per direction, Gbps (lanes x baud x code rate). */
    public double portGbps() {
        return portGbps;
    }

    /** Data rate the flit model moves: flitBytes per cycle, Gbps. */
    public double modelledPortGbps() {
        return router.flitBytes() * 8.0 / router.cycleNanoseconds();
    }

    /** Router pipeline cycles R + VA + S + ST (the switch chip). */
    public int routerPipelineCycles() {
        return router.routingDelay() + router.vcAllocDelay() + router.switchAllocDelay() + router.switchTraversalDelay();
    }

    /** Cycles of one hop for a packet head: router pipeline plus the link it drives. */
    public int hopCycles() {
        return routerPipelineCycles() + router.linkLatency();
    }

    /**
     * No-contention latency of one packet carrying {@code payloadBytes} through {@code switches}
     * switch hops (chips crossed; five for a path up and down the extended 8-ary 3-tree, counting
     * a board as one hop as the study's calibration does).
     * <p>In ns, from the configured figures without rounding: {@code headNs = endpointOverheadNs +
     * switches * hopLatencyNs + (switches + 1) * cableDelayNs} and {@code packetNs = headNs +
     * wireBytes * 8 / portGbps} (cut-through pays serialisation once).
     * <p>In cycles, what the flit model (FlitNetwork's zero-load latency {@code L + h (R + VA + S +
     * ST + L) + F}) gives once the end points add their overhead: {@code packetCycles = send +
     * L + switches * hopCycles + F + receive}; the head arrives {@code F - 1} cycles before the tail.
     */
    public NoContentionLatency noContentionLatency(int switches, int payloadBytes) {
        if (switches < 1) {
            throw new IllegalArgumentException("switches = " + switches + "; a path between two end points crosses >= 1");
        }
        int flits = format.flits(payloadBytes, router.flitBytes());
        double serialisationNs = format.wireBytes(payloadBytes) * 8.0 / portGbps;
        long tail = (long) endpoint.totalCycles() + router.linkLatency() + (long) switches * hopCycles() + flits;
        return new NoContentionLatency(switches, endpointOverheadNs, switches * hopLatencyNs,
                (switches + 1) * cableDelayNs, serialisationNs, tail - (flits - 1), tail);
    }

    @Override
    public String toString() {
        return "CPS-1848: " + portGbps + " Gbps ports, " + router + ", " + format + ", " + endpoint;
    }
}
