package org.fabrica.hardware;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.fabrica.router.PartChoice;

/**
 * Everything a network model builds a router from: its virtual channels (buffers, output
 * priorities, functions), switching, pipeline, links, crossbar organisation, the allocator parts
 * of its VC allocation, switch allocation and output arbitration (by provider name), how its
 * network interfaces queue injected packets, and the clock.
 *
 * <p>Sizes are in flits; {@link #flits(String, long, int)} converts a size in bytes once, with a
 * clear error when it is not a whole number of flits. {@link #of(RouterParameters)} gives the
 * description of the classic parameter set (the generic input-queued router); the {@code with...}
 * methods change one choice.
 *
 * @param channels the VCs of every input port, VC 0 first (1 .. 64 of them)
 * @param flowControl switching: virtual cut-through or wormhole
 * @param pipeline cycles of the router's stages
 * @param link router-to-router links
 * @param terminalLink links between a router and a network interface
 * @param crossbar how input queues reach the crossbar
 * @param vcAllocator allocator part of VC allocation
 * @param switchAllocator allocator part of switch allocation
 * @param outputArbiter allocator part choosing, per output, among the VC crossbars' winners
 *        ({@link CrossbarOrganisation#PER_VC} only)
 * @param injection how network interfaces queue injected packets
 * @param cycleNanoseconds length of a cycle in ns, for reporting
 * @param flitBytes bytes per flit
 * @param serviceLevels the VC of each service level, level 0 first (InfiniBand's SL-to-VL table):
 *        when given (1 .. 64 levels, each naming a VC 0 .. vcs-1), a queuing scheme chooses service
 *        levels, not VCs, and every router maps the levels it chooses through this table at each
 *        output; empty (the default): the scheme chooses VCs
 * @param interleaving how each output port's link shares its cycles among its VCs' packets
 * @since 1.6 (serviceLevels, interleaving)
 */
public record RouterDescription(
        List<VirtualChannel> channels,
        FlowControl flowControl,
        Pipeline pipeline,
        LinkTiming link,
        LinkTiming terminalLink,
        CrossbarOrganisation crossbar,
        PartChoice vcAllocator,
        PartChoice switchAllocator,
        PartChoice outputArbiter,
        InjectionQueues injection,
        double cycleNanoseconds,
        int flitBytes,
        List<Integer> serviceLevels,
        OutputInterleaving interleaving) {

    /** The allocator every part defaults to: separable input-first round robin. */
    public static final PartChoice ROUND_ROBIN = PartChoice.of("round-robin");

    public RouterDescription {
        if (channels == null || channels.isEmpty() || channels.size() > 64) {
            throw new IllegalArgumentException("a router needs 1..64 virtual channels per port; "
                    + (channels == null ? "none" : channels.size()) + " given");
        }
        channels = Collections.unmodifiableList(new ArrayList<>(channels));
        require(flowControl, "flowControl (VIRTUAL_CUT_THROUGH or WORMHOLE)");
        require(pipeline, "pipeline");
        require(link, "link timing");
        require(terminalLink, "terminal link timing");
        require(crossbar, "crossbar organisation");
        require(vcAllocator, "VC allocator");
        require(switchAllocator, "switch allocator");
        require(outputArbiter, "output arbiter");
        require(injection, "injection queues");
        if (!(cycleNanoseconds > 0)) {
            throw new IllegalArgumentException("cycleNanoseconds must be > 0, was " + cycleNanoseconds);
        }
        if (flitBytes < 1) {
            throw new IllegalArgumentException("flitBytes = " + flitBytes + " is out of range; use >= 1");
        }
        require(interleaving, "output interleaving (FLITS or PACKETS)");
        serviceLevels = serviceLevels == null ? List.of() : List.copyOf(serviceLevels);
        if (serviceLevels.size() > 64) {
            throw new IllegalArgumentException("the service-level table maps at most 64 levels; "
                    + serviceLevels.size() + " given");
        }
        for (int l = 0; l < serviceLevels.size(); l++) {
            int vc = serviceLevels.get(l);
            if (vc < 0 || vc >= channels.size()) {
                throw new IllegalArgumentException("the service-level table maps level " + l + " to VC " + vc
                        + ", which does not exist: the routers have VCs 0.." + (channels.size() - 1));
            }
        }
    }

    /** A description without a service-level table, its outputs interleaving flits (the components of 1.5). */
    public RouterDescription(List<VirtualChannel> channels, FlowControl flowControl, Pipeline pipeline,
            LinkTiming link, LinkTiming terminalLink, CrossbarOrganisation crossbar, PartChoice vcAllocator,
            PartChoice switchAllocator, PartChoice outputArbiter, InjectionQueues injection, double cycleNanoseconds,
            int flitBytes) {
        this(channels, flowControl, pipeline, link, terminalLink, crossbar, vcAllocator, switchAllocator,
                outputArbiter, injection, cycleNanoseconds, flitBytes, List.of(), OutputInterleaving.FLITS);
    }

    private static void require(Object value, String what) {
        if (value == null) {
            throw new IllegalArgumentException("a router description needs its " + what);
        }
    }

    /**
     * The description of a classic parameter set: {@code vcs} data VCs of {@code bufferFlits}, all
     * of priority 0; one crossbar input per port ({@link CrossbarOrganisation#VC_INPUTS} with
     * {@code voqCrossbar}); router and terminal links of {@code linkLatency} cycles and one flit per
     * cycle; round-robin allocators; one source FIFO per network interface.
     */
    public static RouterDescription of(RouterParameters p) {
        List<VirtualChannel> vcs = new ArrayList<>();
        for (int v = 0; v < p.vcs(); v++) {
            vcs.add(VirtualChannel.data(p.bufferFlits()));
        }
        LinkTiming link = LinkTiming.of(p.linkLatency());
        return new RouterDescription(vcs, p.flowControl(),
                new Pipeline(p.routingDelay(), p.vcAllocDelay(), p.switchAllocDelay(), p.switchTraversalDelay(),
                        p.creditDelay()),
                link, link, p.voqCrossbar() ? CrossbarOrganisation.VC_INPUTS : CrossbarOrganisation.SHARED,
                ROUND_ROBIN, ROUND_ROBIN, ROUND_ROBIN, InjectionQueues.SINGLE, p.cycleNanoseconds(), p.flitBytes());
    }

    /** Virtual channels per input port. */
    public int vcs() {
        return channels.size();
    }

    /** The largest VC buffer in flits. */
    public int maxBufferFlits() {
        int m = 0;
        for (VirtualChannel c : channels) {
            m = Math.max(m, c.bufferFlits());
        }
        return m;
    }

    /** The smallest VC buffer in flits. */
    public int minBufferFlits() {
        int m = Integer.MAX_VALUE;
        for (VirtualChannel c : channels) {
            m = Math.min(m, c.bufferFlits());
        }
        return m;
    }

    public RouterDescription withChannels(List<VirtualChannel> c) {
        Copy d = new Copy(this);
        d.channels = c;
        return d.build();
    }

    public RouterDescription withFlowControl(FlowControl f) {
        Copy d = new Copy(this);
        d.flowControl = f;
        return d.build();
    }

    public RouterDescription withPipeline(Pipeline p) {
        Copy d = new Copy(this);
        d.pipeline = p;
        return d.build();
    }

    public RouterDescription withLinks(LinkTiming routerLinks, LinkTiming terminalLinks) {
        Copy d = new Copy(this);
        d.link = routerLinks;
        d.terminalLink = terminalLinks;
        return d.build();
    }

    public RouterDescription withCrossbar(CrossbarOrganisation c) {
        Copy d = new Copy(this);
        d.crossbar = c;
        return d.build();
    }

    public RouterDescription withAllocators(PartChoice vc, PartChoice sw, PartChoice out) {
        Copy d = new Copy(this);
        d.vcAllocator = vc;
        d.switchAllocator = sw;
        d.outputArbiter = out;
        return d.build();
    }

    /**
     * This description with a service-level table: {@code vcOfLevel.get(l)} is the VC of level l
     * (empty: none, the queuing scheme chooses VCs).
     *
     * @since 1.6
     */
    public RouterDescription withServiceLevels(List<Integer> vcOfLevel) {
        Copy d = new Copy(this);
        d.serviceLevels = vcOfLevel;
        return d.build();
    }

    /**
     * This description with outputs that interleave flits or send whole packets.
     *
     * @since 1.6
     */
    public RouterDescription withInterleaving(OutputInterleaving i) {
        Copy d = new Copy(this);
        d.interleaving = i;
        return d.build();
    }

    public RouterDescription withInjection(InjectionQueues i) {
        Copy d = new Copy(this);
        d.injection = i;
        return d.build();
    }

    /** The components of a description, to change some and build another (the with-methods' one copy). */
    private static final class Copy {
        List<VirtualChannel> channels;
        FlowControl flowControl;
        Pipeline pipeline;
        LinkTiming link;
        LinkTiming terminalLink;
        CrossbarOrganisation crossbar;
        PartChoice vcAllocator;
        PartChoice switchAllocator;
        PartChoice outputArbiter;
        InjectionQueues injection;
        final double cycleNanoseconds;
        final int flitBytes;
        List<Integer> serviceLevels;
        OutputInterleaving interleaving;

        Copy(RouterDescription d) {
            channels = d.channels;
            flowControl = d.flowControl;
            pipeline = d.pipeline;
            link = d.link;
            terminalLink = d.terminalLink;
            crossbar = d.crossbar;
            vcAllocator = d.vcAllocator;
            switchAllocator = d.switchAllocator;
            outputArbiter = d.outputArbiter;
            injection = d.injection;
            cycleNanoseconds = d.cycleNanoseconds;
            flitBytes = d.flitBytes;
            serviceLevels = d.serviceLevels;
            interleaving = d.interleaving;
        }

        RouterDescription build() {
            return new RouterDescription(channels, flowControl, pipeline, link, terminalLink, crossbar, vcAllocator,
                    switchAllocator, outputArbiter, injection, cycleNanoseconds, flitBytes, serviceLevels,
                    interleaving);
        }
    }

    /**
     * {@code bytes} as a whole number of flits of {@code flitBytes}.
     *
     * @param what what the size is, for the message (e.g. {@code "buffer of VC 2"})
     * @throws IllegalArgumentException when the size is not positive or not a multiple of the flit size
     */
    public static int flits(String what, long bytes, int flitBytes) {
        if (flitBytes < 1) {
            throw new IllegalArgumentException("flitBytes = " + flitBytes + "; use >= 1");
        }
        if (bytes < 1) {
            throw new IllegalArgumentException(what + " = " + bytes + " bytes; use >= 1");
        }
        if (bytes % flitBytes != 0) {
            long down = bytes / flitBytes * flitBytes;
            throw new IllegalArgumentException(what + " = " + bytes + " bytes is not a whole number of " + flitBytes
                    + "-byte flits; use a multiple of " + flitBytes + " (e.g. " + (down > 0 ? down + " or " : "")
                    + (down + flitBytes) + ") or another flit size");
        }
        long flits = bytes / flitBytes;
        if (flits > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(what + " = " + bytes + " bytes is " + flits + " flits, more than "
                    + Integer.MAX_VALUE);
        }
        return (int) flits;
    }

    /**
     * A latency in nanoseconds as whole cycles of {@code cycleNanoseconds}: {@code round(ns / cycle)}.
     *
     * @param what what the latency is, for the message (e.g. {@code "hardware 'x': switchLatencyNs"})
     * @throws IllegalArgumentException when the latency is negative, not a number, infinite, or more
     *         than 1,000,000 cycles
     * @since 1.4
     */
    public static int cycles(String what, double ns, double cycleNanoseconds) {
        if (!(ns >= 0) || Double.isInfinite(ns)) {
            throw new IllegalArgumentException(what + " = " + ns + "; use a latency >= 0 ns");
        }
        long cycles = Math.round(ns / cycleNanoseconds);
        if (cycles > 1_000_000) {
            throw new IllegalArgumentException(what + " = " + ns + " ns is " + cycles + " cycles of " + cycleNanoseconds
                    + " ns; use a latency below 1,000,000 cycles");
        }
        return (int) cycles;
    }
}
