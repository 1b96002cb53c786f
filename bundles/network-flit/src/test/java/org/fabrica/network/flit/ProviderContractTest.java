package org.fabrica.network.flit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicReference;
import org.fabrica.hardware.FlowControl;
import org.fabrica.kernel.SimulationException;
import org.fabrica.network.flit.Fixtures.Recorder;
import org.fabrica.network.flit.Fixtures.RingRouting;
import org.fabrica.network.flit.Fixtures.Setup;
import org.fabrica.queuing.QueuingContext;
import org.fabrica.queuing.QueuingScheme;
import org.fabrica.routing.PacketView;
import org.fabrica.routing.RouteCandidates;
import org.fabrica.routing.RoutingAlgorithm;
import org.fabrica.throttle.Throttle;
import org.fabrica.throttle.ThrottleContext;
import org.fabrica.traffic.InjectionProcess;
import org.junit.jupiter.api.Test;

/** How the model treats providers: misbehaviour, throttle hooks, look-ahead, routing swaps. */
class ProviderContractTest {

    /** A routing that answers {@code answer} at router {@code at}, else the ring routing. */
    private static RoutingAlgorithm faultyAt(int at, java.util.function.BiConsumer<PacketView, RouteCandidates> answer) {
        RingRouting ring = new RingRouting(8, true);
        return new RoutingAlgorithm() {
            @Override
            public void route(int router, int inPort, PacketView packet, RouteCandidates out) {
                if (router == at) {
                    answer.accept(packet, out);
                } else {
                    ring.route(router, inPort, packet, out);
                }
            }

            @Override
            public int vcClasses() {
                return 2;
            }
        };
    }

    private static String failure(RoutingAlgorithm routing) {
        Setup s = new Setup();
        s.routing = routing;
        s.injection = Fixtures.single(2, 0);
        s.pattern = Fixtures.to(6);
        SimulationException e = assertThrows(SimulationException.class, () -> Fixtures.run(s.create(), 100));
        return e.getMessage();
    }

    @Test
    void impossibleRoutingAnswersNameTheProviderRouterPortAndPacket() {
        String noCandidate = failure(faultyAt(3, (p, out) -> { }));
        assertTrue(noCandidate.contains("routing 'ring-test (fixture 1.0)' returned no candidate output at router 3"), noCandidate);
        assertTrue(noCandidate.contains("packet 0 (source 2, destination 6)"), noCandidate);
        assertTrue(noCandidate.contains("entered through port 1 (x-)"), noCandidate);

        String outOfRange = failure(faultyAt(3, (p, out) -> out.add(7, 0)));
        assertTrue(outOfRange.contains("returned output port 7, out of range 0..2 at router 3"), outOfRange);

        String wrongTerminal = failure(faultyAt(3, (p, out) -> out.add(Fixtures.TERMINAL, 0)));
        assertTrue(wrongTerminal.contains("the terminal of node 3, not of the destination"), wrongTerminal);

        String badClass = failure(faultyAt(3, (p, out) -> out.add(Fixtures.PLUS, 2)));
        assertTrue(badClass.contains("returned VC class 2 for port 0, out of range 0..1"), badClass);
    }

    @Test
    void anUnconnectedPortIsRejected() {
        // a ring with a fourth, unused port
        Fixtures.Ring ring = new Fixtures.Ring(8);
        Setup s = new Setup();
        s.topology = new org.fabrica.topology.Topology() {
            @Override public int nodes() { return 8; }
            @Override public int routers() { return 8; }
            @Override public int ports(int router) { return 4; }
            @Override public int neighbor(int router, int port) { return port == 3 ? -1 : ring.neighbor(router, port); }
            @Override public int neighborPort(int router, int port) { return port == 3 ? -1 : ring.neighborPort(router, port); }
            @Override public int terminal(int router, int port) { return port == 3 ? -1 : ring.terminal(router, port); }
            @Override public int nodeRouter(int node) { return node; }
            @Override public int nodePort(int node) { return Fixtures.TERMINAL; }
            @Override public String describe() { return "ring with a spare port"; }
        };
        s.routing = faultyAt(4, (p, out) -> out.add(3, 0));
        s.injection = Fixtures.single(2, 0);
        s.pattern = Fixtures.to(6);
        SimulationException e = assertThrows(SimulationException.class, () -> Fixtures.run(s.create(), 100));
        assertTrue(e.getMessage().contains("returned output port 3 (p3), which is not connected at router 4"), e.getMessage());
    }

    @Test
    void aNodeAttachedThroughTwoPortsCanBeReachedThroughEither() {
        // ring with a fourth port: port 3 of router r attaches node r-1 as well (KNS-like)
        Fixtures.Ring ring = new Fixtures.Ring(8);
        Setup s = new Setup();
        s.topology = new org.fabrica.topology.Topology() {
            @Override public int nodes() { return 8; }
            @Override public int routers() { return 8; }
            @Override public int ports(int router) { return 4; }
            @Override public int neighbor(int router, int port) { return port == 3 ? -1 : ring.neighbor(router, port); }
            @Override public int neighborPort(int router, int port) { return port == 3 ? -1 : ring.neighborPort(router, port); }
            @Override public int terminal(int router, int port) { return port == 3 ? (router + 7) % 8 : ring.terminal(router, port); }
            @Override public int nodeRouter(int node) { return node; }
            @Override public int nodePort(int node) { return Fixtures.TERMINAL; }
            @Override public String describe() { return "ring with nodes on two routers"; }
        };
        // go + until the router after the destination, then leave through its port 3
        s.routing = new RoutingAlgorithm() {
            @Override
            public void route(int router, int inPort, PacketView packet, RouteCandidates out) {
                int beyond = (packet.destination() + 1) % 8;
                out.add(router == beyond ? 3 : Fixtures.PLUS, router == 0 && router != beyond ? 1 : packet.routingState());
                if (router == 0) {
                    packet.routingState(1);
                }
            }

            @Override
            public int vcClasses() {
                return 2;
            }
        };
        s.injection = Fixtures.bernoulli(0.2, 4, 1500);
        Recorder rec = new Recorder();
        s.observer = rec;
        FlitNetwork net = s.create();
        Fixtures.run(net, 100);
        assertFalse(net.truncated());
        assertTrue(net.generated() > 100);
        assertEquals(net.generated(), net.delivered());
        assertEquals(rec.generated, rec.deliveredIds.cardinality());
    }

    @Test
    void anInvalidQueuingMaskNamesTheQueuingScheme() {
        Setup s = new Setup();
        s.queuing = context -> new QueuingScheme() {
            @Override
            public long vcMask(int router, int outPort, int vcClass, PacketView packet) {
                return router == 5 ? 0 : 1L << vcClass;
            }

            @Override
            public long injectionVcMask(int node, PacketView packet) {
                return 1;
            }
        };
        s.injection = Fixtures.single(2, 0);
        s.pattern = Fixtures.to(6);
        SimulationException e = assertThrows(SimulationException.class, () -> Fixtures.run(s.create(), 100));
        assertTrue(e.getMessage().contains("queuing scheme 'class-per-vc (fixture 1.0)' returned VC mask 0x0 for packet 0"),
                e.getMessage());
        assertTrue(e.getMessage().contains("at router 5 output port 0 (x+)"), e.getMessage());

        s.queuing = context -> new QueuingScheme() {
            @Override
            public long vcMask(int router, int outPort, int vcClass, PacketView packet) {
                return 1L << vcClass;
            }

            @Override
            public long injectionVcMask(int node, PacketView packet) {
                return 0b100; // VC 2 of 2
            }
        };
        SimulationException inj = assertThrows(SimulationException.class, () -> Fixtures.run(s.create(), 100));
        assertTrue(inj.getMessage().contains("returned injection VC mask 0x4"), inj.getMessage());
    }

    @Test
    void aRoutingThatNeverArrivesIsALivelock() {
        Setup s = new Setup();
        // always +: overshoots the destination forever
        s.routing = new RoutingAlgorithm() {
            @Override
            public void route(int router, int inPort, PacketView packet, RouteCandidates out) {
                out.add(Fixtures.PLUS, router == 7 ? 1 : packet.routingState());
                if (router == 7) {
                    packet.routingState(1);
                }
            }

            @Override
            public int vcClasses() {
                return 2;
            }
        };
        s.injection = Fixtures.single(2, 0);
        s.pattern = Fixtures.to(6);
        s.livelockHopsPerRouter = 2;
        SimulationException e = assertThrows(SimulationException.class, () -> Fixtures.run(s.create(), 1000));
        assertTrue(e.getMessage().startsWith("livelock: packet 0 (source 2, destination 6) has crossed 17"), e.getMessage());
        assertTrue(e.getMessage().contains("(limit 16)"), e.getMessage());
    }

    @Test
    void badTrafficAnswersNameTheTrafficProvider() {
        Setup s = new Setup();
        s.pattern = (source, random) -> 99;
        SimulationException e = assertThrows(SimulationException.class, () -> Fixtures.run(s.create(), 100));
        assertTrue(e.getMessage().contains("traffic pattern 'uniform (fixture 1.0)' returned destination 99"), e.getMessage());
    }

    @Test
    void theThrottleIsAskedOnlyAboutNewPacketsAndHoldsThemBack() {
        List<String> problems = new ArrayList<>();
        long[] asked = new long[1];
        long[] cycles = new long[1];
        Setup s = new Setup();
        s.injection = Fixtures.bernoulli(0.2, 4, 1000);
        Recorder rec = new Recorder();
        s.observer = rec;
        AtomicReference<ThrottleContext> seen = new AtomicReference<>();
        s.throttle = context -> {
            seen.set(context);
            return new Throttle() {
                @Override
                public void cycle(long now) {
                    cycles[0]++;
                }

                @Override
                public boolean admit(int router, int outPort, int vc, PacketView packet, long now) {
                    asked[0]++;
                    if (packet.source() != router) {
                        problems.add("asked about transit packet " + packet.id() + " at router " + router);
                    }
                    if (context.freeFlits(router, outPort, vc) < 0 || context.inputFreeFlits(router, 2, 0) > 8) {
                        problems.add("context out of range");
                    }
                    // nothing leaves its source before cycle 300
                    return now >= 300;
                }
            };
        };
        FlitNetwork net = s.create();
        long c = 0;
        for (; c < 300; c++) {
            net.cycle(c);
        }
        // every generated packet is stuck at its source (terminal buffer or queue): no flit on a router link
        long onLinks = net.flitHops();
        assertEquals(0, rec.delivered);
        for (int r = 0; r < 8; r++) {
            assertEquals(0, net.bufferOccupancy(r, Fixtures.PLUS, 0) + net.bufferOccupancy(r, Fixtures.MINUS, 0)
                    + net.bufferOccupancy(r, Fixtures.PLUS, 1) + net.bufferOccupancy(r, Fixtures.MINUS, 1));
            assertTrue(net.bufferOccupancy(r, Fixtures.TERMINAL, 0) <= 8);
        }
        assertTrue(onLinks > 0);
        while (true) {
            net.cycle(c);
            if (net.done(c)) {
                break;
            }
            c++;
        }
        assertTrue(problems.isEmpty(), problems.toString());
        assertTrue(asked[0] > net.generated(), "asked " + asked[0]);
        assertEquals(c + 1, cycles[0]);
        assertEquals(net.generated(), net.delivered());
        assertSame(8, seen.get().bufferFlits());
    }

    @Test
    void lookAheadLeavesTheRoutingStateAlone() {
        List<String> seen = new ArrayList<>();
        Setup s = new Setup();
        s.injection = Fixtures.single(6, 0);
        s.pattern = Fixtures.to(1); // 6 -> 7 -> 0 -> 1 crosses the dateline at 7
        s.queuing = context -> new QueuingScheme() {
            @Override
            public long vcMask(int router, int outPort, int vcClass, PacketView packet) {
                int before = packet.routingState();
                int next = context.nextHopPort(router, outPort, packet);
                int first = context.firstHopPort(packet.source(), packet);
                if (packet.routingState() != before) {
                    seen.add("state changed by look-ahead at " + router);
                }
                seen.add(router + ":" + outPort + "->" + next + "/" + first);
                return 1L << vcClass;
            }

            @Override
            public long injectionVcMask(int node, PacketView packet) {
                assertEquals(Fixtures.PLUS, context.firstHopPort(node, packet));
                return 1;
            }
        };
        Recorder rec = new Recorder();
        s.observer = rec;
        Fixtures.run(s.create(), 100);
        assertEquals(1, rec.delivered);
        assertEquals(List.of("6:0->0/0", "7:0->0/0", "0:0->2/0", "1:2->-1/0"), seen);
    }

    @Test
    void aRoutingSwapKeepsExactlyOnceDelivery() {
        Setup s = new Setup().ring(8);
        s.injection = Fixtures.bernoulli(0.4, 4, 3000);
        Recorder rec = new Recorder();
        s.observer = rec;
        FlitNetwork net = s.create();
        long c = 0;
        boolean swapped = false;
        while (true) {
            if (c == 1500) {
                net.atSafePoint(c);
                net.replaceRouting(new RingRouting(8, true, true), "ring-minus-ties (fixture 2.0)");
                swapped = true;
            }
            net.cycle(c);
            if (net.done(c)) {
                break;
            }
            c++;
        }
        assertTrue(swapped);
        assertEquals("ring-minus-ties (fixture 2.0)", net.routingName());
        assertFalse(net.truncated());
        assertEquals(net.generated(), net.delivered());
        assertEquals(rec.generated, rec.deliveredIds.cardinality());
        net.checkConservation();
    }

    @Test
    void aSwapToAnAlgorithmNeedingMoreClassesIsRejected() {
        Setup s = new Setup();
        s.routing = new RingRouting(8, false);
        s.router = Fixtures.router(2, 8, FlowControl.WORMHOLE);
        FlitNetwork net = s.create();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> net.replaceRouting(new RingRouting(8, true), "dateline ring"));
        assertTrue(e.getMessage().contains("needs 2 VC classes but this run's queuing scheme serves 1"), e.getMessage());
        assertEquals("ring-test (fixture 1.0)", net.routingName());
    }

    @Test
    void aRunIsAPureFunctionOfTheSeedNotOfOtherRuns() {
        // a second model built in between must not disturb the first one's random streams
        Setup a = new Setup();
        a.injection = Fixtures.bernoulli(0.3, 4, 800);
        Recorder ra = new Recorder();
        a.observer = ra;
        FlitNetwork first = a.create();
        Setup other = new Setup();
        other.seed = 99;
        FlitNetwork noise = other.create();
        for (int c = 0; c < 200; c++) {
            noise.cycle(c);
        }
        Fixtures.run(first, 100);
        Setup b = new Setup();
        b.injection = Fixtures.bernoulli(0.3, 4, 800);
        Recorder rb = new Recorder();
        b.observer = rb;
        Fixtures.run(b.create(), 100);
        assertEquals(ra.latencySum, rb.latencySum);
        assertEquals(ra.delivered, rb.delivered);
    }

    @Test
    void generationStopsWhenEveryNodeIsExhausted() {
        Setup s = new Setup();
        s.injection = new InjectionProcess() {
            @Override
            public long next(int node, long previous, SplittableRandom random) {
                return previous < 0 ? node * 10L : NEVER;
            }

            @Override
            public double offeredLoad(long now) {
                return 0;
            }
        };
        Recorder rec = new Recorder();
        s.observer = rec;
        FlitNetwork net = s.create();
        long end = Fixtures.run(net, 100);
        assertEquals(8, net.generated());
        assertEquals(8, net.delivered());
        assertFalse(net.truncated());
        assertTrue(end < 200, "ended at " + end);
    }

    @Test
    void setupProblemsAreReportedAsIllegalArguments() {
        Setup s = new Setup();
        s.queuing = context -> {
            throw new IllegalArgumentException("queuing 'x' needs 3 VCs");
        };
        assertEquals("queuing 'x' needs 3 VCs", assertThrows(IllegalArgumentException.class, s::create).getMessage());
        Setup bad = new Setup();
        bad.packetFlits = 0;
        assertThrows(IllegalArgumentException.class, bad::create);
    }

    @SuppressWarnings("unused")
    private static QueuingScheme unused(QueuingContext c) {
        return null;
    }
}
