package org.fabrica.network.flit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Function;
import org.fabrica.hardware.CrossbarOrganisation;
import org.fabrica.hardware.FlowControl;
import org.fabrica.hardware.InjectionQueues;
import org.fabrica.hardware.LinkTiming;
import org.fabrica.hardware.RouterDescription;
import org.fabrica.hardware.VirtualChannel;
import org.fabrica.network.flit.Fixtures.Setup;
import org.fabrica.queuing.QueuingContext;
import org.fabrica.queuing.QueuingScheme;
import org.fabrica.router.PartChoice;
import org.fabrica.routing.PacketView;
import org.fabrica.stats.NetworkObserver;
import org.fabrica.traffic.InjectionProcess;
import org.junit.jupiter.api.Test;

/** The router description's choices: crossbar organisations, output priorities, slow links, per-VC injection. */
class RouterOrganisationTest {
    /** Packets to even destinations use VC 1, to odd ones VC 0, at every hop and at injection. */
    static Function<QueuingContext, QueuingScheme> byDestinationParity() {
        return context -> new QueuingScheme() {
            @Override
            public long vcMask(int router, int outPort, int vcClass, PacketView packet) {
                return packet.destination() % 2 == 0 ? 2L : 1L;
            }

            @Override
            public long injectionVcMask(int node, PacketView packet) {
                return packet.destination() % 2 == 0 ? 2L : 1L;
            }
        };
    }

    /** Largest number of flits any input port sent in one cycle, and any output link (per port) carried. */
    static int[] peakPerCycle(FlitNetwork net, long cycles) {
        int vcs = net.vcs;
        int ports = net.wiring.totalPorts;
        int peakIn = 0;
        long hopsBefore = net.flitHops();
        int[] left = new int[ports * vcs];
        for (long c = 0; c < cycles; c++) {
            for (int iv = 0; iv < ports * vcs; iv++) {
                left[iv] = net.inputs.departures(iv);
            }
            net.cycle(c);
            for (int gp = 0; gp < ports; gp++) {
                int sent = 0;
                for (int v = 0; v < vcs; v++) {
                    int iv = gp * vcs + v;
                    sent += net.inputs.departures(iv) - left[iv];
                }
                peakIn = Math.max(peakIn, sent);
            }
        }
        return new int[] {peakIn, (int) (net.flitHops() - hopsBefore)};
    }

    static Setup loadedRing(CrossbarOrganisation organisation) {
        Setup s = new Setup().ring(6);
        s.router = Fixtures.router(2, 8, FlowControl.WORMHOLE);
        s.queuing = byDestinationParity();
        s.routing = new Fixtures.RingRouting(6, false);
        s.injection = Fixtures.bernoulli(0.8, 4, Long.MAX_VALUE);
        s.deadlockCycles = 100_000;
        s.describe = d -> d.withCrossbar(organisation);
        return s;
    }

    @Test
    void onlyOrganisationsWithACrossbarInputPerVcMoveTwoFlitsOfOnePortInOneCycle() {
        // the ring without datelines can deadlock under this load on one VC per parity; 3,000
        // cycles stay clear of it with this seed (the watchdog would say so)
        assertEquals(1, peakPerCycle(loadedRing(CrossbarOrganisation.SHARED).create(), 3000)[0]);
        assertEquals(2, peakPerCycle(loadedRing(CrossbarOrganisation.VC_INPUTS).create(), 3000)[0]);
        assertEquals(2, peakPerCycle(loadedRing(CrossbarOrganisation.PER_VC).create(), 3000)[0]);
    }

    @Test
    void everyOrganisationKeepsOneFlitPerOutputLinkAndDeliversEverything() {
        for (CrossbarOrganisation organisation : List.of(CrossbarOrganisation.SHARED, CrossbarOrganisation.VC_INPUTS,
                CrossbarOrganisation.PER_VC)) {
            Setup s = loadedRing(organisation);
            s.routing = new Fixtures.RingRouting(6, true);
            s.queuing = Fixtures.classPerVc();
            s.injection = Fixtures.bernoulli(0.5, 4, 3000);
            FlitNetwork net = s.create();
            long end = Fixtures.run(net, 97);
            assertEquals(net.generated(), net.delivered(), organisation.toString());
            // no output link carried two flits in a cycle: the downstream buffers never overflowed and
            // the credit invariants held (checked every 97 cycles); the throughput bound agrees
            assertTrue(net.flitHops() <= end * net.wiring.totalPorts, organisation.toString());
        }
    }

    /** One router with {@code k} nodes, node p on port p. */
    record Star(int k) implements org.fabrica.topology.Topology {
        @Override
        public int nodes() {
            return k;
        }

        @Override
        public int routers() {
            return 1;
        }

        @Override
        public int ports(int router) {
            return k;
        }

        @Override
        public int neighbor(int router, int port) {
            return -1;
        }

        @Override
        public int neighborPort(int router, int port) {
            return -1;
        }

        @Override
        public int terminal(int router, int port) {
            return port;
        }

        @Override
        public int nodeRouter(int node) {
            return 0;
        }

        @Override
        public int nodePort(int node) {
            return node;
        }

        @Override
        public String describe() {
            return "star of " + k;
        }
    }

    /** On a {@link Star}: straight to the destination's port, one VC class. */
    static org.fabrica.routing.RoutingAlgorithm starRouting() {
        return new org.fabrica.routing.RoutingAlgorithm() {
            @Override
            public void route(int router, int inPort, PacketView packet, org.fabrica.routing.RouteCandidates out) {
                out.add(packet.destination(), 0);
            }

            @Override
            public int vcClasses() {
                return 1;
            }
        };
    }

    /** Mean latency of packets of even id (VC 1) over that of odd ones (VC 0), on a loaded star. */
    static double evenOverOddLatency(PartChoice arbiter) {
        Setup s = loadedRing(CrossbarOrganisation.PER_VC);
        s.queuing = context -> new QueuingScheme() {
            @Override
            public long vcMask(int router, int outPort, int vcClass, PacketView packet) {
                return packet.id() % 2 == 0 ? 2L : 1L;
            }

            @Override
            public long injectionVcMask(int node, PacketView packet) {
                return packet.id() % 2 == 0 ? 2L : 1L;
            }
        };
        s.topology = new Star(6);
        s.routing = starRouting();
        s.pattern = Fixtures.uniform(6);
        s.router = Fixtures.router(2, 8, FlowControl.WORMHOLE);
        s.describe = d -> d.withCrossbar(CrossbarOrganisation.PER_VC)
                .withChannels(List.of(new VirtualChannel("data", 8, 1), new VirtualChannel("urgent", 8, 0)))
                .withAllocators(RouterDescription.ROUND_ROBIN, RouterDescription.ROUND_ROBIN, arbiter);
        s.injection = Fixtures.bernoulli(0.55, 4, 4000);
        long[] sum = new long[2];
        long[] n = new long[2];
        s.observer = new NetworkObserver() {
            @Override
            public void packetDelivered(long packet, int source, int destination, int flits, long created, long injected,
                    long delivered, int hops) {
                sum[(int) (packet % 2)] += delivered - created;
                n[(int) (packet % 2)]++;
            }
        };
        Fixtures.run(s.create(), 1000);
        return ((double) sum[0] / n[0]) / ((double) sum[1] / n[1]);
    }

    @Test
    void aPriorityOutputArbiterServesTheTopPriorityVcFirst() {
        double roundRobin = evenOverOddLatency(RouterDescription.ROUND_ROBIN);
        double priority = evenOverOddLatency(PartChoice.of("priority"));
        assertTrue(priority < 0.9 * roundRobin, "urgent VC / data VC latency: priority " + priority + ", round robin "
                + roundRobin);
    }

    /** One packet of {@code flits} from node 0 to node {@code h}: h router-to-router links. */
    static long singlePacketLatency(int h, int flits, int cyclesPerFlit) {
        Setup s = new Setup().ring(8);
        s.router = Fixtures.router(1, 16, FlowControl.WORMHOLE);
        s.routing = new Fixtures.RingRouting(8, false);
        s.queuing = Fixtures.classPerVc();
        s.packetFlits = flits;
        s.pattern = Fixtures.to(h);
        s.injection = Fixtures.single(0, 10);
        s.describe = d -> d.withLinks(new LinkTiming(1, cyclesPerFlit), LinkTiming.of(1));
        Fixtures.Recorder rec = new Fixtures.Recorder();
        s.observer = rec;
        Fixtures.run(s.create(), 1);
        return rec.firstLatency;
    }

    /**
     * The same packet by hand: an uncontended path where every pipeline delay is 1. A head visible
     * at a router in cycle A bids for the switch from A + R + VA; flit k leaves at the earliest
     * cycle after flit k-1's departure plus the link's cycles per flit, once it is visible; it is
     * visible downstream S + ST + L + (c - 1) cycles after leaving. Injected at cycle 10 (visible
     * at the source router 2 cycles later, one flit per cycle), delivered when the tail reaches the
     * destination's interface.
     */
    static long expectedLatency(int h, int flits, int c) {
        long[] visible = new long[flits];
        for (int k = 0; k < flits; k++) {
            visible[k] = 10 + 2 + k;
        }
        long[] leave = new long[flits];
        for (int router = 0; router <= h; router++) {
            int linkCycles = router < h ? c : 1;
            for (int k = 0; k < flits; k++) {
                long earliest = k == 0 ? visible[0] + 2 : Math.max(leave[k - 1] + linkCycles, visible[k]);
                leave[k] = earliest;
            }
            for (int k = 0; k < flits; k++) {
                visible[k] = leave[k] + 3 + linkCycles - 1;
            }
        }
        return visible[flits - 1] - 10;
    }

    @Test
    void aSlowLinkAddsItsSerialisationToTheHeadAndSpacesTheFlitsBehindIt() {
        for (int h = 1; h <= 3; h++) {
            for (int flits : new int[] {1, 4}) {
                // zero-load latency with every delay 1: L + (h + 1)(R + VA + S + ST + L) + F
                assertEquals(1 + (h + 1) * 5 + flits, singlePacketLatency(h, flits, 1));
                assertEquals(1 + (h + 1) * 5 + flits, expectedLatency(h, flits, 1), "the hand model agrees at full rate");
                for (int c = 2; c <= 4; c++) {
                    long latency = singlePacketLatency(h, flits, c);
                    assertEquals(expectedLatency(h, flits, c), latency, "h = " + h + ", F = " + flits + ", c = " + c);
                    if (flits == 1) {
                        assertEquals(1 + (h + 1) * 5 + 1 + (long) h * (c - 1), latency, "each slow link delays a head by c - 1");
                    }
                }
            }
        }
    }

    @Test
    void aSlowLinkCarriesOneFlitEveryFewCycles() {
        Setup s = new Setup().ring(4);
        s.router = Fixtures.router(1, 16, FlowControl.WORMHOLE);
        s.routing = new Fixtures.RingRouting(4, false);
        s.pattern = (source, random) -> (source + 1) % 4;
        s.injection = Fixtures.bernoulli(1.0, 4, 4000);
        s.describe = d -> d.withLinks(new LinkTiming(1, 3), LinkTiming.of(1));
        FlitNetwork net = s.create();
        for (long c = 0; c < 4000; c++) {
            net.cycle(c);
        }
        // 4 router links at a third of a flit per cycle; terminal links at one
        long flitsDelivered = net.delivered() * 4;
        assertTrue(flitsDelivered <= 4 * 4000 / 3 + 16, flitsDelivered + " flits over 4 links of 1/3");
        assertTrue(flitsDelivered >= 4 * 4000 / 3 * 9 / 10, flitsDelivered + " flits: the links stay busy");
    }

    /** Node 0 queues eight packets to node 1 (VC 0) and then one to node 2 (VC 1), all at cycle 0. */
    static long latencyOfTheLastPacket(InjectionQueues queues) {
        Setup s = new Setup().ring(6);
        s.router = Fixtures.router(2, 4, FlowControl.VIRTUAL_CUT_THROUGH);
        s.routing = new Fixtures.RingRouting(6, false);
        s.queuing = byDestinationParity();
        s.describe = d -> d.withInjection(queues);
        int[] sequence = {1, 1, 1, 1, 1, 1, 1, 1, 2};
        int[] next = {0};
        s.pattern = (source, random) -> sequence[next[0]++];
        s.injection = new InjectionProcess() {
            @Override
            public long next(int node, long previous, SplittableRandom random) {
                return node != 0 ? NEVER : previous < 0 ? 0 : next[0] < sequence.length ? previous : NEVER;
            }

            @Override
            public double offeredLoad(long now) {
                return 0;
            }
        };
        Map<Integer, Long> latency = new HashMap<>();
        s.observer = new NetworkObserver() {
            @Override
            public void packetDelivered(long packet, int source, int destination, int flits, long created, long injected,
                    long delivered, int hops) {
                latency.merge(destination, delivered - created, Math::max);
            }
        };
        Fixtures.run(s.create(), 1);
        return latency.get(2);
    }

    @Test
    void perVcInjectionQueuesLetAnotherVcLeaveWhileOneIsBusy() {
        long single = latencyOfTheLastPacket(InjectionQueues.SINGLE);
        long perVc = latencyOfTheLastPacket(InjectionQueues.PER_VC);
        // one FIFO: the VC-1 packet waits behind 8 packets of 4 flits; per-VC queues: it leaves at
        // once, sharing the link flit by flit with VC 0's packet: at most its zero-load latency over
        // two hops (1 + 3 x 5 + 4) plus one cycle per flit
        assertTrue(single >= 8 * 4, "single FIFO: " + single);
        assertTrue(perVc <= 1 + 3 * 5 + 4 + 4, "per-VC queues: " + perVc + " (single " + single + ")");
    }

    /** Delivered packets per node per cycle on a star of 8 under saturating uniform traffic (one VC, {@code flits}-flit packets). */
    static double starThroughput(CrossbarOrganisation organisation, PartChoice switchAllocator, int flits) {
        Setup s = new Setup();
        s.topology = new Star(8);
        s.routing = starRouting();
        s.pattern = Fixtures.uniform(8);
        s.queuing = Fixtures.anyVc();
        s.router = Fixtures.router(1, 16, FlowControl.WORMHOLE);
        s.describe = d -> d.withCrossbar(organisation)
                .withAllocators(RouterDescription.ROUND_ROBIN, switchAllocator, RouterDescription.ROUND_ROBIN);
        s.injection = Fixtures.bernoulli(1.0, flits, 6000);
        s.packetFlits = flits;
        s.deadlockCycles = 100_000;
        FlitNetwork net = s.create();
        long before = 0;
        for (long c = 0; c < 6000; c++) {
            if (c == 2000) {
                before = net.delivered();
            }
            if (c % 101 == 0) {
                net.atSafePoint(c);
            }
            net.cycle(c);
        }
        return (net.delivered() - before) / 4000.0 / 8;
    }

    @Test
    void voqCrossbarAccessRemovesHeadOfLineBlocking() {
        // with one FIFO queue per input, the head of a queue blocks the packets behind it bound to
        // free outputs: an input-queued switch saturates below 2 - sqrt(2) = 0.586 of its links under
        // uniform traffic (Karol, Hluchyj and Morgan 1987). With a queue and a crossbar input per
        // output no packet waits behind another's output. Both stay below 1: with one VC per port an
        // output is re-allocated packet by packet, and the VC allocation and switch pipeline leave a
        // few idle cycles per packet (8-flit packets measured 0.53 FIFO, 0.72 VOQ when written).
        double fifo = starThroughput(CrossbarOrganisation.SHARED, RouterDescription.ROUND_ROBIN, 8) * 8;
        double voq = starThroughput(CrossbarOrganisation.VOQ, new PartChoice("islip", Map.of("iterations", 2)), 8) * 8;
        assertTrue(fifo < 0.586, "FIFO throughput " + fifo + " above the head-of-line blocking bound");
        assertTrue(voq > 1.25 * fifo, "VOQ throughput " + voq + " against FIFO " + fifo);
    }

    /**
     * One input VC, two packets bound to different outputs, one cycle: on a star of 4 with one VC
     * per port, node 3 sends to node 1 without pause and node 0 alternates packets to nodes 1 and 2,
     * so the queue of node 0's input VC for output 1 backs up behind node 3's while its queue for
     * output 2 drains. A queue's count falls only when a flit leaves it (arrivals only add), so a
     * cycle in which both queues' counts fall is a cycle in which two packets of the one VC left to
     * different outputs. A shared crossbar input per port (or per VC) could not do it.
     */
    @Test
    void voqAccessLetsTwoPacketsOfOneVcLeaveToDifferentOutputsInTheSameCycle() {
        Setup s = new Setup();
        s.topology = new Star(4);
        s.routing = starRouting();
        int[] sent = new int[1];
        s.pattern = (source, random) -> source == 3 ? 1 : 1 + sent[0]++ % 2;
        InjectionProcess saturating = Fixtures.bernoulli(1.0, 4, 3000);
        s.injection = new InjectionProcess() {
            @Override
            public long next(int node, long previous, SplittableRandom random) {
                return node == 0 || node == 3 ? saturating.next(node, previous, random) : NEVER;
            }

            @Override
            public double offeredLoad(long now) {
                return saturating.offeredLoad(now);
            }
        };
        s.queuing = Fixtures.anyVc();
        s.router = Fixtures.router(1, 16, FlowControl.VIRTUAL_CUT_THROUGH);
        s.describe = d -> d.withCrossbar(CrossbarOrganisation.VOQ);
        s.deadlockCycles = 100_000;
        FlitNetwork net = s.create();
        assertEquals(1, net.vcs);
        int iv = 0; // router 0's port 0 (node 0's link), VC 0
        int toOne = net.wiring.firstQueue[iv] + 1;
        int toTwo = net.wiring.firstQueue[iv] + 2;
        int both = 0;
        int backedUp = 0;
        for (long c = 0; ; c++) {
            if (c % 97 == 0) {
                net.atSafePoint(c); // the buffers' and credits' invariants
            }
            int one = net.inputs.count(toOne);
            int two = net.inputs.count(toTwo);
            backedUp += one > 4 ? 1 : 0;
            net.cycle(c);
            if (net.inputs.count(toOne) < one && net.inputs.count(toTwo) < two) {
                both++;
            }
            if (net.done(c)) {
                break;
            }
        }
        assertEquals(net.generated(), net.delivered());
        assertTrue(backedUp > 100, "the queue to node 1 held more than a packet in only " + backedUp + " cycles");
        assertTrue(both > 100, "both of one VC's queues sent a flit in the same cycle only " + both + " times");
    }

    @Test
    void voqBuffersDeliverEverythingAndKeepTheirInvariantsOnARing() {
        Setup s = loadedRing(CrossbarOrganisation.VOQ);
        s.routing = new Fixtures.RingRouting(6, true);
        s.queuing = Fixtures.classPerVc();
        s.injection = Fixtures.bernoulli(0.5, 4, 3000);
        FlitNetwork net = s.create();
        Fixtures.run(net, 97);
        assertEquals(net.generated(), net.delivered());
        assertTrue(net.generated() > 1000, "generated " + net.generated());
    }

    @Test
    void voqBuffersDeliverEverythingOnRoutersOfTwoSizes() {
        // a 6-port hub and 2-port leaves: each router's VCs hold one queue per output of its own
        Setup s = new Setup();
        s.topology = new RouterPartsTest.Hub(6);
        s.routing = new org.fabrica.routing.RoutingAlgorithm() {
            @Override
            public void route(int router, int inPort, PacketView packet, org.fabrica.routing.RouteCandidates out) {
                if (router == 0) {
                    out.add(packet.destination(), 0);
                } else {
                    out.add(packet.destination() == router - 1 ? 1 : 0, 0);
                }
            }

            @Override
            public int vcClasses() {
                return 1;
            }
        };
        s.router = Fixtures.router(2, 8, FlowControl.VIRTUAL_CUT_THROUGH);
        s.queuing = Fixtures.classPerVc();
        s.pattern = Fixtures.uniform(6);
        s.injection = Fixtures.bernoulli(0.5, 4, 3000);
        s.describe = d -> d.withCrossbar(CrossbarOrganisation.VOQ);
        FlitNetwork net = s.create();
        assertEquals(2, net.wiring.queuesPerVc[1]);
        assertEquals(6, net.wiring.queuesPerVc[0]);
        Fixtures.run(net, 97);
        assertEquals(net.generated(), net.delivered());
        assertTrue(net.generated() > 1000, "generated " + net.generated());
    }
}
