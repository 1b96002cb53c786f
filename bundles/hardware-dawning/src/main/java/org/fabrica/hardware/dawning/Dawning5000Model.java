package org.fabrica.hardware.dawning;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.fabrica.hardware.EndpointTiming;
import org.fabrica.hardware.FlowControl;
import org.fabrica.hardware.HardwareModel;
import org.fabrica.hardware.LinkTiming;
import org.fabrica.hardware.PacketFormat;
import org.fabrica.hardware.Pipeline;
import org.fabrica.hardware.RouterDescription;
import org.fabrica.hardware.RouterParameters;
import org.fabrica.hardware.VirtualChannel;
import org.fabrica.router.PartChoice;

/**
 * The Dawning 5000 switch as a router description, converted once from physical units:
 * <ul>
 * <li>cycle: {@code 1000 / clockMHz} ns (6.4 ns), one flit of {@code flitBytes} per link and cycle
 * (2 bytes: 2.5 Gbit/s, the serdes' 3.125 Gbaud with 8b/10b);</li>
 * <li>VCs: one per entry of {@code vcFunctions}; a barrier VC holds {@code barrierVcBytes} and has
 * output priority 0 (it wins every output it asks for), the others hold {@code dataVcBytes} with
 * priority 1; sizes must be whole flits;</li>
 * <li>virtual cut-through, credit flow control (absolute credits: a credit per flit of buffer);</li>
 * <li>crossbar {@code per-vc} (parallel switching) by default, with the {@code priority} allocator as
 * the output arbiter and the switch allocator, so the barrier VC goes first under every organisation;</li>
 * <li>outputs: whole packets ({@code linkInterleaving: packets}, a packet once started goes to its tail)
 * or interleaved flits;</li>
 * <li>pipeline: {@code switchLatencyCycles} (13, measured on the 100 MHz prototype) from a head's arrival to its crossing:
 * VC allocation, switch allocation and crossing one cycle each, route computation the rest;</li>
 * <li>links, router and terminal alike: {@code ceil(linkLatencyNs / cycle)} cycles, at least 1;</li>
 * <li>end nodes: {@code round(sendOverheadNs / cycle)} and {@code round(receiveOverheadNs / cycle)}
 * cycles of software and interface time;</li>
 * <li>packets: at most {@code mtuBytes}, without header (sizes are what is on the wire).</li>
 * </ul>
 * The multicast latency (150 ns through a switch against 130 ns for unicast: 2 more cycles at the
 * prototype's clock) and the barrier engine belong to the collective engines (collective-tree:
 * tree-barrier, and tree-multicast's {@code replicationCycles}, 2); the
 * eager and rendezvous channels of the interface are message-level and not modelled (a packet
 * pays the interface's send and receive time, whatever its message).
 */
final class Dawning5000Model implements HardwareModel {
    /** The functions a VC may have: what queuing schemes ({@code by-function}) and collectives look for. */
    static final Set<String> FUNCTIONS = Set.of("unicast", "mixed", "multicast", "barrier");
    private static final PartChoice PRIORITY = PartChoice.of("priority");

    private final RouterParameters router;
    private final RouterDescription description;
    private final EndpointTiming endpoint;
    private final PacketFormat format;
    final double cycleNs;

    Dawning5000Model(Dawning5000Parameters p) {
        if (!(p.clockMHz() > 0) || Double.isInfinite(p.clockMHz())) {
            throw new IllegalArgumentException("hardware 'dawning5000': clockMHz = " + p.clockMHz() + "; use a clock > 0");
        }
        this.cycleNs = 1000.0 / p.clockMHz();
        String[] functions = p.vcFunctions();
        if (functions.length < 1 || functions.length > 64) {
            throw new IllegalArgumentException("hardware 'dawning5000': vcFunctions has " + functions.length
                    + " entries; give one function per VC, 1 to 64 VCs, e.g. [unicast, unicast, mixed, barrier]");
        }
        int dataFlits = RouterDescription.flits("dataVcBytes", p.dataVcBytes(), p.flitBytes());
        int barrierFlits = RouterDescription.flits("barrierVcBytes", p.barrierVcBytes(), p.flitBytes());
        List<VirtualChannel> channels = new ArrayList<>();
        boolean data = false;
        for (int v = 0; v < functions.length; v++) {
            String f = functions[v];
            if (!FUNCTIONS.contains(f)) {
                throw new IllegalArgumentException("hardware 'dawning5000': vcFunctions[" + v + "] = '" + f
                        + "' is not a function of this switch; use unicast, mixed, multicast or barrier");
            }
            boolean barrier = f.equals("barrier");
            data |= !barrier;
            channels.add(new VirtualChannel(f, barrier ? barrierFlits : dataFlits, barrier ? 0 : 1));
        }
        if (!data) {
            throw new IllegalArgumentException("hardware 'dawning5000': vcFunctions " + List.of(functions)
                    + " has only barrier VCs; give at least one unicast, mixed or multicast VC for data packets");
        }
        int mtuFlits = RouterDescription.flits("mtuBytes", p.mtuBytes(), p.flitBytes());
        if (dataFlits < mtuFlits) {
            throw new IllegalArgumentException("hardware 'dawning5000': a data VC holds " + p.dataVcBytes()
                    + " bytes, less than one " + p.mtuBytes() + "-byte packet; virtual cut-through needs room for a"
                    + " whole packet: raise dataVcBytes or lower mtuBytes");
        }
        int link = Math.max(1, (int) Math.ceil(p.linkLatencyNs() / cycleNs - 1e-9));
        if (!(p.linkLatencyNs() >= 0) || link > 1_000_000) {
            throw new IllegalArgumentException("hardware 'dawning5000': linkLatencyNs = " + p.linkLatencyNs()
                    + "; use a latency from 0 to 1,000,000 cycles");
        }
        int switchCycles = p.switchLatencyCycles();
        if (switchCycles < 3 || switchCycles > 1_000_000) {
            throw new IllegalArgumentException("hardware 'dawning5000': switchLatencyCycles = " + switchCycles
                    + "; use 3 (VC allocation, switch allocation and crossing) to 1,000,000 cycles");
        }
        Pipeline pipeline = new Pipeline(Math.max(0, switchCycles - 3), 1, 1, 1, 0);
        this.router = new RouterParameters(functions.length, dataFlits, FlowControl.VIRTUAL_CUT_THROUGH,
                pipeline.routingDelay(), 1, 1, 1, link, 0, false, cycleNs, p.flitBytes());
        this.description = RouterDescription.of(router).withChannels(channels).withCrossbar(p.crossbar())
                .withAllocators(RouterDescription.ROUND_ROBIN, PRIORITY, PRIORITY)
                .withLinks(LinkTiming.of(link), LinkTiming.of(link)).withInjection(p.injectionQueues())
                .withInterleaving(p.linkInterleaving());
        this.endpoint = new EndpointTiming(cycles("sendOverheadNs", p.sendOverheadNs()),
                cycles("receiveOverheadNs", p.receiveOverheadNs()));
        this.format = PacketFormat.headerless(p.mtuBytes());
    }

    /** {@code round(ns / cycle)}, refused below 0 or above a million cycles. */
    private int cycles(String name, double ns) {
        return RouterDescription.cycles("hardware 'dawning5000': " + name, ns, cycleNs);
    }

    @Override
    public RouterParameters router() {
        return router;
    }

    @Override
    public RouterDescription description() {
        return description;
    }

    @Override
    public EndpointTiming endpoint() {
        return endpoint;
    }

    @Override
    public PacketFormat packetFormat() {
        return format;
    }
}
