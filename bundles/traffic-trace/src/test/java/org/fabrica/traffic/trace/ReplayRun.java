package org.fabrica.traffic.trace;

import java.util.Map;
import org.fabrica.hardware.EndpointTiming;
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
import org.fabrica.testing.FactoryRouterParts;
import org.fabrica.throttle.none.NoThrottleFactory;
import org.fabrica.throttle.none.NoThrottleParameters;
import org.fabrica.topology.Topology;
import org.fabrica.topology.cube.TorusFactory;
import org.fabrica.topology.cube.TorusParameters;

/**
 * A replay on the real flit network: a k x k torus, dor with classic datelines, dateline queuing,
 * the generic router with its defaults (BookSim2's timing: a lone packet of F flits over h links
 * takes 5h + 6 + F cycles, docs/model-reference.md section 8), no throttle.
 */
final class ReplayRun {
    int k = 8;
    int packetFlits = 8;
    int bufferFlits = 8;
    long maxCycles = 1_000_000;

    /** Replays the replay until the network has nothing left to do; returns the network. */
    NetworkModel run(TraceReplay replay) {
        Topology topology = topology();
        RouterParameters router = new GenericHardwareFactory()
                .create(Parameters.bind(GenericRouterParameters.class, Map.of("bufferFlits", bufferFlits), "generic"))
                .router();
        NetworkSetup setup = new NetworkSetup(topology, router,
                new DorFactory().create(topology, Parameters.defaults(DorParameters.class)),
                context -> new DatelineQueuingFactory().create(context, Parameters.defaults(DatelineQueuingParameters.class)),
                context -> new NoThrottleFactory().create(context, Parameters.defaults(NoThrottleParameters.class)),
                replay.pattern(), replay.injection(), packetFlits, replay.observer(), new RandomStreams(1),
                new RunLimits(maxCycles, 10_000),
                new ProviderNames("dor (test)", "dateline (test)", "none (test)", "trace replay (test)"),
                EndpointTiming.NONE, new FactoryRouterParts().with("round-robin",
                        new org.fabrica.router.allocators.RoundRobinFactory()));
        NetworkModel net = new FlitNetworkFactory().create(setup, Parameters.defaults(FlitNetworkParameters.class));
        long c = 0;
        while (true) {
            if (c % 64 == 0) {
                net.atSafePoint(c);
            }
            net.cycle(c);
            if (net.done(c)) {
                break;
            }
            c++;
        }
        return net;
    }

    Topology topology() {
        return new TorusFactory().create(Parameters.bind(TorusParameters.class, Map.of("k", k, "n", 2)));
    }

    int nodes() {
        return k * k;
    }

    /** Zero-load latency of one packet over h links with the generic defaults. */
    int zeroLoad(int hops) {
        return 5 * hops + 6 + packetFlits;
    }
}
