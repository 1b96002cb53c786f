package org.fabrica.network.flit;

import java.util.BitSet;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Function;
import org.fabrica.hardware.EndpointTiming;
import org.fabrica.hardware.FlowControl;
import org.fabrica.hardware.RouterDescription;
import org.fabrica.hardware.RouterParameters;
import org.fabrica.kernel.RandomStreams;
import org.fabrica.network.NetworkSetup;
import org.fabrica.network.ProviderNames;
import org.fabrica.network.RunLimits;
import org.fabrica.params.Parameters;
import org.fabrica.queuing.QueuingContext;
import org.fabrica.queuing.QueuingScheme;
import org.fabrica.router.RouterParts;
import org.fabrica.router.allocators.RoundRobinFactory;
import org.fabrica.routing.PacketView;
import org.fabrica.routing.RouteCandidates;
import org.fabrica.routing.RoutingAlgorithm;
import org.fabrica.stats.NetworkObserver;
import org.fabrica.throttle.Throttle;
import org.fabrica.throttle.ThrottleContext;
import org.fabrica.testing.FactoryRouterParts;
import org.fabrica.topology.Topology;
import org.fabrica.traffic.InjectionProcess;
import org.fabrica.traffic.TrafficPattern;

/** Minimal providers for the network model's tests: a bidirectional ring and friends. */
final class Fixtures {
    private Fixtures() {
    }

    /** The built-in allocators by name, as a framework would register them. */
    static RouterParts parts() {
        return new FactoryRouterParts().with("round-robin", new RoundRobinFactory())
                .with("islip", new org.fabrica.router.allocators.IslipFactory())
                .with("priority", new org.fabrica.router.allocators.PriorityFactory())
                .with("oldest-first", new org.fabrica.router.allocators.OldestFirstFactory())
                .with("vl-arbitration", new org.fabrica.router.allocators.VlArbitrationFactory());
    }

    static final int PLUS = 0;
    static final int MINUS = 1;
    static final int TERMINAL = 2;

    /**
     * k routers in a ring, ports 0 = +, 1 = -, 2 = the node (node id = router id); the routers in
     * {@code interfaces} are of kind {@link Topology#INTERFACE}, the others {@link Topology#SWITCH}.
     */
    record Ring(int k, java.util.Set<Integer> interfaces) implements Topology {
        Ring(int k) {
            this(k, java.util.Set.of());
        }

        @Override
        public String routerKind(int router) {
            return interfaces.contains(router) ? INTERFACE : SWITCH;
        }

        @Override
        public int nodes() {
            return k;
        }

        @Override
        public int routers() {
            return k;
        }

        @Override
        public int ports(int router) {
            return 3;
        }

        @Override
        public int neighbor(int router, int port) {
            return switch (port) {
                case PLUS -> (router + 1) % k;
                case MINUS -> (router + k - 1) % k;
                default -> -1;
            };
        }

        @Override
        public int neighborPort(int router, int port) {
            return switch (port) {
                case PLUS -> MINUS;
                case MINUS -> PLUS;
                default -> -1;
            };
        }

        @Override
        public int terminal(int router, int port) {
            return port == TERMINAL ? router : -1;
        }

        @Override
        public int nodeRouter(int node) {
            return node;
        }

        @Override
        public int nodePort(int node) {
            return TERMINAL;
        }

        @Override
        public String portLabel(int router, int port) {
            return switch (port) {
                case PLUS -> "x+";
                case MINUS -> "x-";
                default -> "node";
            };
        }

        @Override
        public String describe() {
            return k + "-router ring";
        }
    }

    /**
     * Shortest path on the ring (ties go +). With datelines, the class is 1 from the hop that wraps
     * (k-1 -> 0 going +, 0 -> k-1 going -) on, else 0; without, always class 0 (deadlock-prone).
     */
    /**
     * On a star: a packet entering through one of {@code fromPorts} asks for all of
     * {@code branches} at once (a multi-output route, VC class 0); any other goes to its destination.
     */
    static RoutingAlgorithm branching(java.util.function.IntPredicate fromPorts, int... branches) {
        return new RoutingAlgorithm() {
            @Override
            public void route(int router, int inPort, PacketView packet, RouteCandidates out) {
                if (fromPorts.test(inPort)) {
                    for (int b : branches) {
                        out.addBranch(b, 0);
                    }
                } else {
                    out.add(packet.destination(), 0);
                }
            }

            @Override
            public int vcClasses() {
                return 1;
            }
        };
    }

    static final class RingRouting implements RoutingAlgorithm {
        final int k;
        final boolean datelines;
        final boolean tieMinus;

        RingRouting(int k, boolean datelines) {
            this(k, datelines, false);
        }

        RingRouting(int k, boolean datelines, boolean tieMinus) {
            this.k = k;
            this.datelines = datelines;
            this.tieMinus = tieMinus;
        }

        @Override
        public void route(int router, int inPort, PacketView packet, RouteCandidates out) {
            int d = packet.destination();
            if (d == router) {
                out.add(TERMINAL, packet.routingState());
                return;
            }
            int forward = (d - router + k) % k;
            boolean plus = 2 * forward < k || (2 * forward == k && !tieMinus);
            int cls = packet.routingState();
            if (datelines && ((plus && router == k - 1) || (!plus && router == 0))) {
                cls = 1;
            }
            packet.routingState(cls);
            out.add(plus ? PLUS : MINUS, cls);
        }

        @Override
        public int vcClasses() {
            return datelines ? 2 : 1;
        }
    }

    /** Class c -> VC c mod vcs; injection on VC 0. */
    static Function<QueuingContext, QueuingScheme> classPerVc() {
        return context -> new QueuingScheme() {
            @Override
            public long vcMask(int router, int outPort, int vcClass, PacketView packet) {
                return 1L << (vcClass % context.vcs());
            }

            @Override
            public long injectionVcMask(int node, PacketView packet) {
                return 1L;
            }
        };
    }

    /** Every class may use every VC (deadlock-prone on a ring without datelines). */
    static Function<QueuingContext, QueuingScheme> anyVc() {
        return context -> new QueuingScheme() {
            final long all = (1L << context.vcs()) - 1;

            @Override
            public long vcMask(int router, int outPort, int vcClass, PacketView packet) {
                return all;
            }

            @Override
            public long injectionVcMask(int node, PacketView packet) {
                return all;
            }
        };
    }

    static Function<ThrottleContext, Throttle> noThrottle() {
        return context -> new Throttle() {
            @Override
            public void cycle(long now) {
            }

            @Override
            public boolean admit(int router, int outPort, int vc, PacketView packet, long now) {
                return true;
            }

            @Override
            public boolean inactive() {
                return true;
            }
        };
    }

    /** Uniformly random destination other than the source. */
    static TrafficPattern uniform(int nodes) {
        return (source, random) -> {
            int d = random.nextInt(nodes - 1);
            return d >= source ? d + 1 : d;
        };
    }

    /**
     * Bernoulli injection: each cycle a packet with probability {@code load / packetFlits}, sampled
     * as geometric gaps; nothing from {@code stopCycle} on.
     */
    static InjectionProcess bernoulli(double load, int packetFlits, long stopCycle) {
        double p = load / packetFlits;
        double logQ = Math.log1p(-p);
        return new InjectionProcess() {
            @Override
            public long next(int node, long previous, SplittableRandom random) {
                if (p <= 0) {
                    return NEVER;
                }
                long gap = p >= 1 ? 1 : 1 + (long) Math.floor(Math.log(1 - random.nextDouble()) / logQ);
                long next = previous + gap;
                return next >= stopCycle ? NEVER : next;
            }

            @Override
            public double offeredLoad(long now) {
                return now < stopCycle ? load : 0;
            }
        };
    }

    /** Node {@code node} generates one packet at cycle {@code at}; nobody else generates. */
    static InjectionProcess single(int node, long at) {
        return new InjectionProcess() {
            @Override
            public long next(int n, long previous, SplittableRandom random) {
                return n == node && previous < 0 ? at : NEVER;
            }

            @Override
            public double offeredLoad(long now) {
                return 0;
            }
        };
    }

    /**
     * On the 8-ring: nodes 1 and 2 flood node 3, each offering a packet every cycle until
     * {@code until} (far more than a link carries), node 1's packets on VC 0 and node 2's on VC 1,
     * so that router 2's output towards router 3 carries both VCs.
     */
    static void twoFlowsToNode3(Setup s, long until) {
        s.pattern = (source, random) -> 3;
        s.injection = new InjectionProcess() {
            @Override
            public long next(int node, long previous, SplittableRandom random) {
                return (node == 1 || node == 2) && previous + 1 < until ? previous + 1 : NEVER;
            }

            @Override
            public double offeredLoad(long now) {
                return 0;
            }
        };
        s.queuing = c -> new QueuingScheme() {
            @Override
            public long vcMask(int router, int outPort, int vcClass, PacketView packet) {
                return packet.source() == 1 ? 1 : 2;
            }

            @Override
            public long injectionVcMask(int node, PacketView packet) {
                return node == 1 ? 1 : 2;
            }
        };
    }

    /** Every packet enters a collective operation of group 0 ({@code TrafficPattern.COLLECTIVE}). */
    static TrafficPattern collectiveGroupZero() {
        return new TrafficPattern() {
            @Override
            public int destination(int source, SplittableRandom random) {
                return COLLECTIVE;
            }

            @Override
            public int collectiveGroup(int source) {
                return 0;
            }
        };
    }

    /** A routing for runs with no unicast packet: it fails if asked. */
    static final RoutingAlgorithm NO_UNICAST = new RoutingAlgorithm() {
        @Override
        public void route(int router, int inPort, PacketView packet, RouteCandidates out) {
            throw new AssertionError("no unicast packet in this test");
        }

        @Override
        public int vcClasses() {
            return 1;
        }
    };

    /** Destination fixed. */
    static TrafficPattern to(int destination) {
        return (source, random) -> destination;
    }

    static RouterParameters router(int vcs, int bufferFlits, FlowControl flow) {
        return router(vcs, bufferFlits, flow, 1, 1, 1, 1, 1, 0, false);
    }

    static RouterParameters router(int vcs, int bufferFlits, FlowControl flow, int rc, int va, int sa, int st,
            int link, int creditDelay, boolean voq) {
        return new RouterParameters(vcs, bufferFlits, flow, rc, va, sa, st, link, creditDelay, voq, 1.0, 16);
    }

    static final ProviderNames NAMES = new ProviderNames("ring-test (fixture 1.0)", "class-per-vc (fixture 1.0)",
            "none (fixture 1.0)", "uniform (fixture 1.0)");

    /** Builder of setups with sensible defaults. */
    static final class Setup {
        Topology topology = new Ring(8);
        RouterParameters router = router(2, 8, FlowControl.WORMHOLE);
        RoutingAlgorithm routing = new RingRouting(8, true);
        Function<QueuingContext, QueuingScheme> queuing = classPerVc();
        Function<ThrottleContext, Throttle> throttle = noThrottle();
        TrafficPattern pattern = uniform(8);
        InjectionProcess injection = bernoulli(0.1, 4, 2000);
        int packetFlits = 4;
        NetworkObserver observer = new Recorder();
        long seed = 1;
        long maxCycles = 1_000_000;
        long deadlockCycles = 2000;
        ProviderNames names = NAMES;
        int livelockHopsPerRouter = 4;
        boolean waitForTailCredit = false;
        EndpointTiming endpoint = EndpointTiming.NONE;
        RouterParts parts = parts();
        /** Changes the description of {@link #router} (crossbar, links, allocators, VCs). */
        java.util.function.UnaryOperator<RouterDescription> describe = d -> d;
        /** The router of each kind other than {@link #router}'s (empty: every router is {@link #router}). */
        Map<String, RouterDescription> routerKinds = Map.of();
        /** Further flit-network parameters ({@link FlitNetworkParameters}) for {@link #create}, e.g. bitErrorRate. */
        Map<String, Object> parameters = Map.of();

        Setup ring(int k) {
            topology = new Ring(k);
            routing = new RingRouting(k, true);
            pattern = uniform(k);
            return this;
        }

        NetworkSetup build() {
            return new NetworkSetup(topology, describe.apply(RouterDescription.of(router)), routing, queuing, throttle, pattern, injection, packetFlits,
                    observer, new RandomStreams(seed), new RunLimits(maxCycles, deadlockCycles), names, endpoint, parts,
                    routerKinds);
        }

        FlitNetwork create() {
            Map<String, Object> values = new HashMap<>(parameters);
            values.put("livelockHopsPerRouter", livelockHopsPerRouter);
            values.put("waitForTailCredit", waitForTailCredit);
            FlitNetworkParameters p = Parameters.bind(FlitNetworkParameters.class, values, "test");
            return (FlitNetwork) new FlitNetworkFactory().create(build(), p);
        }
    }

    /** Records every event and checks their consistency. */
    static class Recorder implements NetworkObserver {
        final Map<Long, int[]> generatedPackets = new HashMap<>();
        final BitSet deliveredIds = new BitSet();
        final BitSet injectedIds = new BitSet();
        long generated;
        long injected;
        long delivered;
        long latencySum;
        long hopSum;
        long cyclesSeen;
        long lastDelivered = -1;
        long firstLatency = -1;
        long maxLatency;
        /** The network may send a lost packet again: a second injection counts here instead of failing. */
        boolean resends;
        long reinjected;

        @Override
        public void packetGenerated(long packet, int source, int destination, int flits, long cycle) {
            generated++;
            generatedPackets.put(packet, new int[] {source, destination, flits});
        }

        /** A copy may end at any node (a branch to a terminal port delivers there), and so may its original. */
        @Override
        public void packetReplicated(long packet, long copy, int source, int destination, int router, long cycle) {
            int[] g = generatedPackets.get(packet);
            if (g == null) {
                throw new AssertionError("packet " + packet + " replicated but never generated");
            }
            g[1] = -1;
            generatedPackets.put(copy, new int[] {source, -1, g[2]});
            injectedIds.set((int) copy);
        }

        @Override
        public void packetInjected(long packet, int source, long cycle) {
            if (injectedIds.get((int) packet)) {
                if (!resends || deliveredIds.get((int) packet)) {
                    throw new AssertionError("packet " + packet + " injected twice");
                }
                reinjected++;
                return;
            }
            injectedIds.set((int) packet);
            injected++;
        }

        @Override
        public void packetDelivered(long packet, int source, int destination, int flits, long created, long inj,
                long cycle, int hops) {
            int[] g = generatedPackets.get(packet);
            if (g == null) {
                throw new AssertionError("packet " + packet + " delivered but never generated");
            }
            if (g[0] != source || (g[1] >= 0 && g[1] != destination) || g[2] != flits) {
                throw new AssertionError("packet " + packet + " header changed");
            }
            if (deliveredIds.get((int) packet)) {
                throw new AssertionError("packet " + packet + " delivered twice");
            }
            if (!(created <= inj && inj < cycle)) {
                throw new AssertionError("packet " + packet + " times out of order: " + created + " " + inj + " " + cycle);
            }
            deliveredIds.set((int) packet);
            delivered++;
            long latency = cycle - created;
            latencySum += latency;
            hopSum += hops;
            maxLatency = Math.max(maxLatency, latency);
            if (firstLatency < 0) {
                firstLatency = latency;
            }
            lastDelivered = cycle;
        }

        @Override
        public void cycleEnd(long cycle) {
            if (cycle != cyclesSeen) {
                throw new AssertionError("cycleEnd(" + cycle + ") after " + cyclesSeen + " cycles");
            }
            cyclesSeen++;
        }
    }

    /** Runs to the end, calling the safe-point check every {@code safeEvery} cycles. */
    static long run(FlitNetwork net, int safeEvery) {
        long c = 0;
        while (true) {
            if (c % safeEvery == 0) {
                net.atSafePoint(c);
            }
            net.cycle(c);
            if (net.done(c)) {
                return c + 1;
            }
            c++;
        }
    }
}
