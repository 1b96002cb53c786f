package org.fabrica.throttle.spth;

import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;
import org.fabrica.hardware.FlowControl;
import org.fabrica.hardware.RouterParameters;
import org.fabrica.hardware.generic.GenericHardwareFactory;
import org.fabrica.hardware.generic.GenericRouterParameters;
import org.fabrica.kernel.RandomStreams;
import org.fabrica.network.NetworkModel;
import org.fabrica.network.NetworkSetup;
import org.fabrica.network.ProviderNames;
import org.fabrica.network.RunLimits;
import org.fabrica.network.flit.FlitNetworkFactory;
import org.fabrica.network.flit.FlitNetworkParameters;
import org.fabrica.params.Parameters;
import org.fabrica.queuing.basic.DatelineQueuingFactory;
import org.fabrica.queuing.basic.DatelineQueuingParameters;
import org.fabrica.routing.cube.DorFactory;
import org.fabrica.routing.cube.DorParameters;
import org.fabrica.stats.NetworkObserver;
import org.fabrica.throttle.Throttle;
import org.fabrica.throttle.ThrottleContext;
import org.fabrica.throttle.none.NoThrottleFactory;
import org.fabrica.throttle.none.NoThrottleParameters;
import org.fabrica.topology.Topology;
import org.fabrica.topology.cube.TorusFactory;
import org.fabrica.topology.cube.TorusParameters;
import org.fabrica.traffic.InjectionProcess;
import org.fabrica.traffic.OfferedLoad;
import org.fabrica.traffic.TrafficPattern;
import org.fabrica.traffic.synthetic.BernoulliFactory;
import org.fabrica.traffic.synthetic.BernoulliParameters;
import org.fabrica.traffic.synthetic.BitComplementFactory;
import org.fabrica.traffic.synthetic.BitComplementParameters;
import org.fabrica.traffic.synthetic.CollectiveFactory;
import org.fabrica.traffic.synthetic.CollectiveParameters;
import org.fabrica.traffic.synthetic.UniformFactory;
import org.fabrica.traffic.synthetic.UniformParameters;

/**
 * Runs of the real flit network on a k x k torus as docs/studies/spth.md sets it up (3 VCs x 16
 * flits, virtual cut-through, 8-flit packets, DOR with two datelines per ring) with no throttle,
 * the optimised {@code spth}, or the test-scope reference implementation.
 */
final class SpthRuns {
    enum Throttling { NONE, SPTH, REFERENCE }

    /** What a run delivered: counts, duration, latency sum, flit hops and this thread's CPU time. */
    record Outcome(long generated, long delivered, long cycles, long latencySum, long flitHops, double cpuSeconds,
            double throttleCycleSeconds) {
    }

    /** Times the throttle's per-cycle update (wall clock of {@code cycle}; {@code admit} is passed through). */
    static final class TimedThrottle implements Throttle {
        final Throttle inner;
        long nanos;

        TimedThrottle(Throttle inner) {
            this.inner = inner;
        }

        @Override
        public void cycle(long now) {
            long start = System.nanoTime();
            inner.cycle(now);
            nanos += System.nanoTime() - start;
        }

        @Override
        public boolean admit(int router, int outPort, int vc, org.fabrica.routing.PacketView packet, long now) {
            return inner.admit(router, outPort, vc, packet, now);
        }

        @Override
        public boolean inactive() {
            return inner.inactive();
        }
    }

    static final class Totals implements NetworkObserver {
        long delivered;
        long latencySum;

        @Override
        public void packetDelivered(long packet, int source, int destination, int flits, long created, long injected,
                long delivered, int hops) {
            this.delivered++;
            latencySum += delivered - created;
        }
    }

    int k = 8;
    String pattern = "uniform";
    /** Packets per node of a collective run; 0 = steady Bernoulli load {@link #load}. */
    int collective = 10;
    double load = 0.1;
    long maxCycles = 200_000;
    long seed = 1;
    int margin = 8;
    /** Busy source {@code credits} instead of the input buffers. */
    boolean credits;
    Throttling throttling = Throttling.SPTH;
    /** Wraps the throttle to time its per-cycle update (speed probe only). */
    boolean timeThrottle;

    Outcome run() {
        Topology topology = new TorusFactory().create(Parameters.bind(TorusParameters.class, Map.of("k", k, "n", 2), "torus"));
        Map<String, Object> hw = new HashMap<>();
        hw.put("vcs", 3);
        hw.put("bufferFlits", 16);
        hw.put("flowControl", FlowControl.VIRTUAL_CUT_THROUGH);
        RouterParameters router = new GenericHardwareFactory()
                .create(Parameters.bind(GenericRouterParameters.class, hw, "generic")).router();
        RandomStreams random = new RandomStreams(seed);
        TrafficPattern traffic = pattern.equals("bitcomp")
                ? new BitComplementFactory().create(topology, random.stream("pattern", 0), Parameters.defaults(BitComplementParameters.class))
                : new UniformFactory().create(topology, random.stream("pattern", 0), Parameters.defaults(UniformParameters.class));
        InjectionProcess injection = collective > 0
                ? new CollectiveFactory().create(topology.nodes(), new OfferedLoad(load, 8, Long.MAX_VALUE),
                        Parameters.bind(CollectiveParameters.class, Map.of("packets", collective), "collective"))
                : new BernoulliFactory().create(topology.nodes(), new OfferedLoad(load, 8, Long.MAX_VALUE),
                        Parameters.defaults(BernoulliParameters.class));
        SpthParameters spth = Parameters.bind(SpthParameters.class, Map.of("margin", margin,
                "busySource", credits ? "credits" : "input-buffer"), "spth");
        Function<ThrottleContext, Throttle> throttle = switch (throttling) {
            case NONE -> c -> new NoThrottleFactory().create(c, Parameters.defaults(NoThrottleParameters.class));
            case SPTH -> c -> new SpthThrottleFactory().create(c, spth);
            case REFERENCE -> c -> new ReferenceSpthThrottle(c, spth);
        };
        TimedThrottle[] timed = new TimedThrottle[1];
        Function<ThrottleContext, Throttle> measured = timeThrottle ? c -> timed[0] = new TimedThrottle(throttle.apply(c)) : throttle;
        Totals totals = new Totals();
        NetworkSetup setup = new NetworkSetup(topology, router,
                new DorFactory().create(topology, Parameters.bind(DorParameters.class, Map.of("dateline", "two-per-ring"), "dor")),
                c -> new DatelineQueuingFactory().create(c, Parameters.defaults(DatelineQueuingParameters.class)),
                measured, traffic, injection, 8, totals, random, new RunLimits(maxCycles, 100_000),
                new ProviderNames("dor", "dateline", throttling.name().toLowerCase(), pattern),
                org.fabrica.hardware.EndpointTiming.NONE, new org.fabrica.testing.FactoryRouterParts().with("round-robin", new org.fabrica.router.allocators.RoundRobinFactory()));
        NetworkModel net = new FlitNetworkFactory().create(setup, Parameters.defaults(FlitNetworkParameters.class));
        java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
        long cpuStart = threads.getCurrentThreadCpuTime();
        for (long c = 0; ; c++) {
            if ((c & 4095) == 0) {
                net.atSafePoint(c);
            }
            net.cycle(c);
            if (net.done(c)) {
                break;
            }
        }
        double cpu = (threads.getCurrentThreadCpuTime() - cpuStart) / 1e9;
        return new Outcome(net.generated(), totals.delivered, net.cycles(), totals.latencySum, net.flitHops(), cpu,
                timed[0] == null ? 0 : timed[0].nanos / 1e9);
    }
}
