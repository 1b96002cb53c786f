package org.fabrica.network.flit;

import org.fabrica.traffic.TrafficPattern;

import java.util.function.Function;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

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
        // every generated packet is held in its source queue: nothing entered a router
        assertEquals(0, rec.delivered);
        assertEquals(0, net.flitHops());
        int queued = 0;
        for (int r = 0; r < 8; r++) {
            for (int v = 0; v < 2; v++) {
                assertEquals(0, net.bufferOccupancy(r, Fixtures.PLUS, v) + net.bufferOccupancy(r, Fixtures.MINUS, v)
                        + net.bufferOccupancy(r, Fixtures.TERMINAL, v));
            }
            queued += net.sourceQueueLength(r);
        }
        assertTrue(queued > 0);
        assertEquals(net.generated(), queued);
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

    /** A throttle that refuses one output port of one router until {@code until}, and admits the rest. */
    private static Function<ThrottleContext, Throttle> refusing(int router, int port, long until, List<String> asked) {
        return context -> new Throttle() {
            @Override
            public void cycle(long now) {
            }

            @Override
            public boolean admit(int r, int outPort, int vc, PacketView packet, long now) {
                asked.add(packet.id() + "@" + now);
                return !(r == router && outPort == port && now < until);
            }
        };
    }

    @Test
    void injectionTowardAnotherDirectionContinuesWhileOneIsHeldBack() {
        // node 0 sends at random to node 1 (first hop +) and node 7 (first hop -) until cycle 300
        Setup s = new Setup();
        s.injection = Fixtures.bernoulli(0.5, 4, 300);
        s.pattern = (source, random) -> source == 0 ? (random.nextBoolean() ? 1 : 7) : TrafficPattern.NONE;
        s.throttle = refusing(0, Fixtures.PLUS, 400, new ArrayList<>());
        long[] toSeven = new long[2]; // generated, delivered before cycle 400
        long[] toOne = new long[2]; // delivered before 400, injected before 400
        Recorder rec = new Recorder() {
            @Override
            public void packetGenerated(long packet, int source, int destination, int flits, long cycle) {
                super.packetGenerated(packet, source, destination, flits, cycle);
                if (destination == 7) {
                    toSeven[0]++;
                }
            }

            @Override
            public void packetDelivered(long packet, int source, int destination, int flits, long created, long inj,
                    long cycle, int hops) {
                super.packetDelivered(packet, source, destination, flits, created, inj, cycle, hops);
                long[] count = destination == 7 ? toSeven : toOne;
                if (cycle < 400) {
                    count[1]++;
                }
                if (destination == 1 && inj < 400) {
                    toOne[0]++;
                }
            }
        };
        s.observer = rec;
        FlitNetwork net = s.create();
        Fixtures.run(net, 100);
        assertEquals(0, toOne[0], "packets to node 1 injected while + was held back");
        assertEquals(0, toOne[1]);
        // with one FIFO the first packet to node 1 would have blocked node 0 until cycle 400
        assertTrue(toSeven[0] > 5, "generated toward node 7: " + toSeven[0]);
        assertEquals(toSeven[0], toSeven[1], "every packet to node 7 delivered while + was held back");
        assertEquals(net.generated(), net.delivered());
    }

    @Test
    void aThrottleThatAdmitsEverythingGivesTheUnthrottledRun() {
        long[][] results = new long[2][];
        for (int i = 0; i < 2; i++) {
            Setup s = new Setup();
            s.injection = Fixtures.bernoulli(0.3, 4, 3000);
            if (i == 1) {
                s.throttle = refusing(-1, -1, 0, new ArrayList<>());
            }
            Recorder rec = new Recorder();
            s.observer = rec;
            FlitNetwork net = s.create();
            long end = Fixtures.run(net, 500);
            results[i] = new long[] {end, rec.delivered, rec.latencySum, rec.hopSum, rec.maxLatency, net.flitHops()};
        }
        assertTrue(results[0][1] > 1000, "delivered " + results[0][1]);
        assertArrayEquals(results[0], results[1]);
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
