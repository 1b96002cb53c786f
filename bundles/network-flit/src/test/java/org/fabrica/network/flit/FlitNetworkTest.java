package org.fabrica.network.flit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.fabrica.hardware.EndpointTiming;
import org.fabrica.hardware.FlowControl;
import org.fabrica.kernel.SimulationException;
import org.fabrica.network.flit.Fixtures.Recorder;
import org.fabrica.network.flit.Fixtures.RingRouting;
import org.fabrica.network.flit.Fixtures.Setup;
import org.fabrica.routing.PacketView;
import org.fabrica.throttle.Throttle;
import org.fabrica.traffic.InjectionProcess;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class FlitNetworkTest {

    @ParameterizedTest(name = "rc={0} va={1} sa={2} st={3} link={4} credit={5} flits={6} hops={7}")
    @CsvSource({
        "1,1,1,1,1,0,8,0", "1,1,1,1,1,0,8,1", "1,1,1,1,1,0,8,4", "1,1,1,1,1,0,1,3",
        "0,0,0,0,1,0,8,4", "0,0,0,0,1,0,1,2", "2,0,1,2,3,2,5,3", "1,2,3,1,2,1,4,4", "0,1,0,1,1,0,6,2"})
    void zeroLoadLatencyMatchesThePipelineFormula(int rc, int va, int sa, int st, int link, int creditDelay,
            int flits, int hops) {
        Setup s = new Setup();
        s.router = Fixtures.router(2, 16, FlowControl.WORMHOLE, rc, va, sa, st, link, creditDelay, false);
        s.packetFlits = flits;
        s.injection = Fixtures.single(0, 7);
        s.pattern = Fixtures.to(hops);
        Recorder rec = new Recorder();
        s.observer = rec;
        FlitNetwork net = s.create();
        Fixtures.run(net, 64);
        assertEquals(1, rec.delivered);
        long expected = link + (long) (hops + 1) * (rc + va + sa + st + link) + flits;
        assertEquals(expected, rec.firstLatency);
        assertEquals(hops, rec.hopSum);
        assertEquals((long) flits * (hops + 2), net.flitHops());
        assertEquals(0, net.inFlight());
        assertFalse(net.truncated());
    }

    @Test
    void endpointOverheadsAddExactlyToTheLatencyAndGenerationStaysAtThePostingCycle() {
        long[] latency = new long[2];
        long[] generatedAt = new long[2];
        long[] injectedAt = new long[2];
        for (int i = 0; i < 2; i++) {
            Setup s = new Setup();
            s.packetFlits = 8;
            s.injection = Fixtures.single(3, 5);
            s.pattern = Fixtures.to(6);
            s.endpoint = i == 0 ? EndpointTiming.NONE : new EndpointTiming(11, 7);
            int k = i;
            Recorder rec = new Recorder() {
                @Override
                public void packetGenerated(long packet, int source, int destination, int flits, long cycle) {
                    super.packetGenerated(packet, source, destination, flits, cycle);
                    generatedAt[k] = cycle;
                }

                @Override
                public void packetInjected(long packet, int source, long cycle) {
                    super.packetInjected(packet, source, cycle);
                    injectedAt[k] = cycle;
                }
            };
            s.observer = rec;
            Fixtures.run(s.create(), 64);
            assertEquals(1, rec.delivered);
            latency[i] = rec.firstLatency;
        }
        assertEquals(latency[0] + 11 + 7, latency[1]);
        assertEquals(5, generatedAt[0]);
        assertEquals(5, generatedAt[1]);
        assertEquals(injectedAt[0] + 11, injectedAt[1]);
    }

    @Test
    void aNodeWaitingForDeliveriesIsAskedAgainAfterEachDelivery() {
        // node 0 sends one packet to node 2 at cycle 4, then waits for a delivery and sends once more;
        // node 5 waits from the start and is left waiting after the second delivery
        List<long[]> asked = new ArrayList<>();
        Setup s = new Setup();
        s.packetFlits = 4;
        s.pattern = Fixtures.to(2);
        s.injection = new InjectionProcess() {
            int sent;

            @Override
            public long next(int node, long previous, SplittableRandom random) {
                asked.add(new long[] {node, previous});
                if (node == 5) {
                    return AFTER_DELIVERY;
                }
                if (node != 0) {
                    return NEVER;
                }
                sent++;
                return switch (sent) {
                    case 1 -> 4;
                    case 2 -> AFTER_DELIVERY;
                    case 3 -> previous; // at once, in the cycle of the delivery
                    default -> NEVER;
                };
            }

            @Override
            public double offeredLoad(long now) {
                return 0;
            }
        };
        List<long[]> deliveries = new ArrayList<>();
        List<long[]> generations = new ArrayList<>();
        s.observer = new Recorder() {
            @Override
            public void packetGenerated(long packet, int source, int destination, int flits, long cycle) {
                super.packetGenerated(packet, source, destination, flits, cycle);
                generations.add(new long[] {source, cycle});
            }

            @Override
            public void packetDelivered(long packet, int source, int destination, int flits, long created, long inj,
                    long cycle, int hops) {
                super.packetDelivered(packet, source, destination, flits, created, inj, cycle, hops);
                deliveries.add(new long[] {packet, cycle});
            }
        };
        FlitNetwork net = s.create();
        long end = Fixtures.run(net, 64);
        assertEquals(2, net.generated());
        assertEquals(2, deliveries.size());
        long firstDelivery = deliveries.get(0)[1];
        assertEquals(firstDelivery, generations.get(1)[1], "the second packet is generated in the cycle of the first delivery");
        assertEquals(deliveries.get(1)[1] + 1, end, "the run ends with the last delivery although node 5 still waits");
        long node5Asked = asked.stream().filter(a -> a[0] == 5).count();
        assertEquals(3, node5Asked, "node 5: asked before its first packet and after each of the two deliveries");
        assertTrue(asked.stream().anyMatch(a -> a[0] == 5 && a[1] == firstDelivery));
    }

    @Test
    void booksimSettingsGiveFiveCyclesPerHopPlusSixPlusLength() {
        Setup s = new Setup();
        s.packetFlits = 8;
        s.router = Fixtures.router(2, 8, FlowControl.WORMHOLE);
        s.injection = Fixtures.single(3, 0);
        s.pattern = Fixtures.to(6);
        Recorder rec = new Recorder();
        s.observer = rec;
        Fixtures.run(s.create(), 64);
        // 3 hops: 5 * 3 + 6 + 8
        assertEquals(29, rec.firstLatency);
    }

    @Test
    void moderateLoadDrainsAndDeliversEveryPacketExactlyOnce() {
        for (FlowControl flow : FlowControl.values()) {
            Setup s = new Setup().ring(16);
            s.router = Fixtures.router(2, 8, flow);
            s.injection = Fixtures.bernoulli(0.2, 4, 3000);
            Recorder rec = new Recorder();
            s.observer = rec;
            FlitNetwork net = s.create();
            long end = Fixtures.run(net, 100);
            assertFalse(net.truncated(), flow.toString());
            assertTrue(net.generated() > 1000, flow + ": generated " + net.generated());
            assertEquals(net.generated(), net.delivered());
            assertEquals(net.generated(), rec.generated);
            assertEquals(net.generated(), rec.delivered);
            assertEquals(rec.generated, rec.deliveredIds.cardinality());
            assertEquals(0, net.inFlight());
            assertEquals(end, net.cycles());
            assertEquals(end, rec.cyclesSeen);
            net.checkConservation();
            // a few more cycles bring the last credits home: every VC empty, every credit back
            for (long c = end; c < end + 20; c++) {
                net.cycle(c);
            }
            for (int r = 0; r < 16; r++) {
                for (int p = 0; p < 3; p++) {
                    for (int v = 0; v < 2; v++) {
                        assertEquals(0, net.bufferOccupancy(r, p, v));
                        assertEquals(8, net.outputCredits(r, p, v));
                    }
                }
            }
        }
    }

    /**
     * Far beyond saturation most generated packets wait at their sources; they are compact queue
     * records there and take a pool slot only at the front of their queue (one per lane), so the
     * pool holds the packets in the network plus at most one per source lane.
     */
    @ParameterizedTest
    @CsvSource({"false", "true"})
    void queuedPacketsTakeAPoolSlotOnlyAtTheFrontOfTheirQueue(boolean throttled) {
        Setup s = new Setup().ring(8);
        s.injection = Fixtures.bernoulli(0.9, 4, Long.MAX_VALUE);
        s.maxCycles = 4000;
        if (throttled) {
            // active (not inactive()) and admitting everything: one source lane per first-hop port
            s.throttle = context -> new org.fabrica.throttle.Throttle() {
                @Override
                public void cycle(long now) {
                }

                @Override
                public boolean admit(int router, int outPort, int vc, org.fabrica.routing.PacketView packet, long now) {
                    return true;
                }
            };
        }
        FlitNetwork net = s.create();
        long maxLive = 0;
        for (long c = 0; c < 4000; c++) {
            net.cycle(c);
            long inNetwork = net.packetsInNetwork();
            long live = net.pool.live();
            assertTrue(live <= inNetwork + 8L * net.interfaces.lanes, "cycle " + c + ": " + live + " pooled, " + inNetwork
                    + " in the network, " + net.interfaces.lanes + " lanes per node");
            maxLive = Math.max(maxLive, live);
            if (c % 500 == 0) {
                net.checkConservation();
            }
        }
        net.checkConservation();
        long queued = net.generated() - net.delivered() - net.packetsInNetwork();
        assertTrue(queued > 20 * maxLive, queued + " queued at the sources, pool peak " + maxLive);
        assertEquals(throttled ? 3 : 1, net.interfaces.lanes);
    }

    /**
     * The node-cycles the throttle held sources back ({@code throttleHeldCycles}). On the 8-ring
     * node 2 queues a packet for node 3 and then one for node 1 in cycle 0; the throttle holds the
     * packet for node 3 back before cycle {@code until} and admits the other at once. The
     * interface sends the packet for node 1 in cycles 0 to 3 (held then only toward one direction:
     * not counted), and from cycle 4 has only the held packet: held in cycles 4 to until - 1. With
     * until = 0 the throttle admits everything and holds nothing; without an active throttle the
     * model does not count (-1).
     */
    @Test
    void theThrottlesHeldCyclesAreTheCyclesItHeldEveryQueuedPacketOfANodeBack() {
        for (long until : new long[] {50, 20, 0}) {
            long[] injectedAt = {-1, -1};
            FlitNetwork net = twoPacketsFromNode2(until, injectedAt);
            Fixtures.run(net, 1);
            assertEquals(2, net.delivered(), "until " + until);
            if (until > 0) {
                assertEquals(0, injectedAt[1], "the packet for node 1 passes the held one");
                assertEquals(Math.max(until, 4), injectedAt[0], "the packet for node 3 leaves when admitted");
            } else {
                assertEquals(0, injectedAt[0], "nothing held: the older packet first");
                assertEquals(4, injectedAt[1]);
            }
            assertEquals(Math.max(0, until - 4), net.throttleHeldCycles(), "until " + until);
        }
        Setup s = new Setup().ring(8);
        s.injection = Fixtures.single(2, 0);
        FlitNetwork unthrottled = s.create();
        Fixtures.run(unthrottled, 1);
        assertEquals(1, unthrottled.delivered());
        assertEquals(-1, unthrottled.throttleHeldCycles());
    }

    private static FlitNetwork twoPacketsFromNode2(long until, long[] injectedAt) {
        Setup s = new Setup().ring(8);
        int[] drawn = {0};
        s.pattern = (source, random) -> drawn[0]++ == 0 ? 3 : 1;
        s.injection = new InjectionProcess() {
            int generated;

            @Override
            public long next(int node, long previous, SplittableRandom random) {
                return node == 2 && generated++ < 2 ? 0 : NEVER;
            }

            @Override
            public double offeredLoad(long now) {
                return 0;
            }
        };
        s.throttle = context -> new Throttle() {
            @Override
            public void cycle(long now) {
            }

            @Override
            public boolean admit(int router, int outPort, int vc, PacketView packet, long now) {
                return packet.destination() != 3 || now >= until;
            }
        };
        s.observer = new Recorder() {
            @Override
            public void packetInjected(long packet, int source, long cycle) {
                super.packetInjected(packet, source, cycle);
                injectedAt[(int) packet] = cycle;
            }
        };
        return s.create();
    }

    @Test
    void pastSaturationStopsAtMaxCyclesWithInvariantsIntact() {
        Setup s = new Setup().ring(16);
        s.injection = Fixtures.bernoulli(0.9, 4, Long.MAX_VALUE);
        s.maxCycles = 5000;
        Recorder rec = new Recorder();
        s.observer = rec;
        FlitNetwork net = s.create();
        long c = 0;
        while (true) {
            if (c % 97 == 0) {
                net.atSafePoint(c);
            }
            net.cycle(c);
            for (int r = 0; r < 16; r++) {
                for (int p = 0; p < 3; p++) {
                    for (int v = 0; v < 2; v++) {
                        int occupancy = net.bufferOccupancy(r, p, v);
                        assertEquals(occupancy, net.buffers().occupiedFlits(r, p, v), "the probe reads the same buffer");
                        int credits = net.outputCredits(r, p, v);
                        assertTrue(occupancy >= 0 && occupancy <= 8);
                        assertTrue(credits >= 0 && credits <= 8);
                    }
                }
            }
            if (net.done(c)) {
                break;
            }
            c++;
        }
        assertEquals(8, net.buffers().capacityFlits());
        assertEquals(2, net.buffers().vcs());
        assertEquals(5000, net.cycles());
        assertTrue(net.truncated());
        assertTrue(net.inFlight() > 0);
        assertEquals(net.generated(), net.delivered() + net.inFlight());
        assertEquals(rec.delivered, net.delivered());
        assertEquals(rec.delivered, rec.deliveredIds.cardinality());
        // saturated: throughput well below the offered load, source queues grew
        long queued = 0;
        for (int n = 0; n < 16; n++) {
            queued += net.sourceQueueLength(n);
        }
        assertTrue(queued > 100, "queued " + queued);
    }

    @Test
    void sameSeedSameResultsDifferentSeedDifferentResults() {
        long[] a = runFingerprint(7);
        long[] b = runFingerprint(7);
        long[] c = runFingerprint(8);
        assertEquals(a[0], b[0]);
        assertEquals(a[1], b[1]);
        assertEquals(a[2], b[2]);
        assertEquals(a[3], b[3]);
        assertNotEquals(a[1], c[1]);
    }

    private static long[] runFingerprint(long seed) {
        Setup s = new Setup().ring(12);
        s.seed = seed;
        s.injection = Fixtures.bernoulli(0.3, 4, 4000);
        Recorder rec = new Recorder();
        s.observer = rec;
        FlitNetwork net = s.create();
        long end = Fixtures.run(net, 500);
        return new long[] {net.delivered(), rec.latencySum, net.flitHops(), end};
    }

    @Test
    void voqCrossbarAndTailCreditModesDeliverEverything() {
        Setup s = new Setup().ring(10);
        s.router = Fixtures.router(4, 8, FlowControl.WORMHOLE, 1, 1, 1, 1, 1, 0, true);
        s.queuing = Fixtures.anyVc();
        s.routing = new RingRouting(10, true);
        s.queuing = context -> new org.fabrica.queuing.QueuingScheme() {
            @Override
            public long vcMask(int router, int outPort, int vcClass, org.fabrica.routing.PacketView packet) {
                return vcClass == 0 ? 0b0011 : 0b1100;
            }

            @Override
            public long injectionVcMask(int node, org.fabrica.routing.PacketView packet) {
                return 0b0011;
            }
        };
        s.injection = Fixtures.bernoulli(0.4, 4, 3000);
        FlitNetwork voq = s.create();
        Fixtures.run(voq, 100);
        assertEquals(voq.generated(), voq.delivered());
        assertFalse(voq.truncated());

        s.router = Fixtures.router(2, 8, FlowControl.VIRTUAL_CUT_THROUGH);
        s.queuing = Fixtures.classPerVc();
        s.waitForTailCredit = true;
        s.observer = new Recorder();
        FlitNetwork tail = s.create();
        Fixtures.run(tail, 100);
        assertEquals(tail.generated(), tail.delivered());
        assertFalse(tail.truncated());
    }

    @Test
    void theQueuingSchemeSeesTheFunctionOfEveryVc() {
        Setup s = new Setup();
        s.router = Fixtures.router(4, 8, FlowControl.WORMHOLE);
        s.describe = d -> d.withChannels(java.util.List.of(new org.fabrica.hardware.VirtualChannel("unicast", 8, 1),
                new org.fabrica.hardware.VirtualChannel("unicast", 8, 1),
                new org.fabrica.hardware.VirtualChannel("mixed", 8, 1),
                new org.fabrica.hardware.VirtualChannel("barrier", 2, 0)));
        java.util.List<String> seen = new java.util.ArrayList<>();
        java.util.function.Function<org.fabrica.queuing.QueuingContext, org.fabrica.queuing.QueuingScheme> inner =
                Fixtures.anyVc();
        s.queuing = context -> {
            for (int v = 0; v < context.vcs(); v++) {
                seen.add(context.vcFunction(v));
            }
            assertThrows(IllegalArgumentException.class, () -> context.vcFunction(4));
            return inner.apply(context);
        };
        s.create();
        assertEquals(java.util.List.of("unicast", "unicast", "mixed", "barrier"), seen);
    }

    @Test
    void cutThroughNeedsBuffersForAWholePacket() {
        Setup s = new Setup();
        s.router = Fixtures.router(2, 4, FlowControl.VIRTUAL_CUT_THROUGH);
        s.packetFlits = 8;
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, s::create);
        assertTrue(e.getMessage().contains("bufferFlits"), e.getMessage());
    }

    @Test
    void cutThroughNeverLeavesAPacketSplitAcrossRouters() {
        // under VCT a packet holding a downstream VC had room for all of it: once its head moved
        // on, no flit of it may be stuck upstream behind a full buffer. Check that no buffer holds
        // a partial packet whose head is gone while the buffer ahead has no room (indirectly:
        // heavy load still drains with 1 VC class per direction and small buffers).
        Setup s = new Setup().ring(8);
        s.router = Fixtures.router(2, 4, FlowControl.VIRTUAL_CUT_THROUGH);
        s.packetFlits = 4;
        s.injection = Fixtures.bernoulli(0.6, 4, 2000);
        FlitNetwork net = s.create();
        Fixtures.run(net, 50);
        assertEquals(net.generated(), net.delivered());
    }

    @Test
    void aDeadlockInPartOfTheNetworkIsFoundWhileOtherPacketsStillMove() {
        // even sources go + by 3 on VC class 0 without datelines (0 -> 3, 2 -> 5, 4 -> 1: each
        // shares a link with the next, a ring of dependencies that fills up); odd sources go one hop
        // on class 1, which never waits on anything but ejection and
        // keeps moving for ever, so the everything-stopped watchdog never fires
        Setup s = new Setup().ring(6);
        s.routing = new org.fabrica.routing.RoutingAlgorithm() {
            @Override
            public void route(int router, int inPort, org.fabrica.routing.PacketView packet,
                    org.fabrica.routing.RouteCandidates out) {
                out.add(packet.destination() == router ? Fixtures.TERMINAL : Fixtures.PLUS, packet.source() % 2);
            }

            @Override
            public int vcClasses() {
                return 2;
            }
        };
        s.router = Fixtures.router(2, 4, FlowControl.WORMHOLE);
        s.queuing = Fixtures.classPerVc();
        s.packetFlits = 8;
        s.pattern = (source, random) -> source % 2 == 0 ? (source + 3) % 6 : (source + 1) % 6;
        s.injection = Fixtures.bernoulli(1.0, 8, Long.MAX_VALUE);
        s.deadlockCycles = 2000;
        s.maxCycles = 200_000;
        FlitNetwork net = s.create();
        SimulationException e = assertThrows(SimulationException.class, () -> Fixtures.run(net, 1000));
        String m = e.getMessage();
        assertTrue(m.contains(" in part of the network: "), m);
        assertTrue(m.contains("wait only on each other while other packets still move"), m);
        assertTrue(m.contains("Cycle of waiting channels"), m);
        assertTrue(m.contains("vc0"), m);
        assertFalse(m.contains("vc1 ("), "the moving class is not part of it: " + m);
        long cycle = Long.parseLong(m.substring("deadlock at cycle ".length(), m.indexOf(' ', "deadlock at cycle ".length())));
        assertTrue(cycle < 20_000, "found within a few looks, at cycle " + cycle);
    }

    @Test
    void deadlockIsDetectedAndTheCycleOfChannelsReported() {
        Setup s = new Setup().ring(6);
        s.routing = new RingRouting(6, false);
        s.router = Fixtures.router(1, 4, FlowControl.WORMHOLE);
        s.queuing = Fixtures.classPerVc();
        s.packetFlits = 8;
        s.pattern = (source, random) -> (source + 2) % 6;   // everyone goes + by 2: a ring of dependencies
        s.injection = Fixtures.bernoulli(1.0, 8, Long.MAX_VALUE);
        s.deadlockCycles = 300;
        s.maxCycles = 100_000;
        FlitNetwork net = s.create();
        SimulationException e = assertThrows(SimulationException.class, () -> Fixtures.run(net, 1000));
        String m = e.getMessage();
        assertTrue(m.startsWith("deadlock at cycle"), m);
        assertTrue(m.contains("Cycle of waiting channels"), m);
        assertTrue(m.contains("back to r"), m);
        assertTrue(m.contains("x+ vc0"), m);
        assertTrue(m.contains("ring-test"), m);
    }
}
