package org.fabrica.network;

import java.util.function.Function;
import org.fabrica.hardware.EndpointTiming;
import org.fabrica.hardware.RouterParameters;
import org.fabrica.kernel.RandomStreams;
import org.fabrica.queuing.QueuingContext;
import org.fabrica.queuing.QueuingScheme;
import org.fabrica.routing.RoutingAlgorithm;
import org.fabrica.stats.NetworkObserver;
import org.fabrica.throttle.Throttle;
import org.fabrica.throttle.ThrottleContext;
import org.fabrica.topology.Topology;
import org.fabrica.traffic.InjectionProcess;
import org.fabrica.traffic.TrafficPattern;

/**
 * Everything a network model is built from. Queuing and throttle are given as functions of the
 * context the model offers them.
 *
 * @param topology the graph
 * @param router router and link parameters
 * @param routing the routing algorithm instance
 * @param queuing creates the queuing scheme from the model's queuing context
 * @param throttle creates the throttle from the model's throttle context
 * @param pattern destinations
 * @param injection generation times
 * @param packetFlits packet length in flits
 * @param observer receives events (use a composite for several)
 * @param random per-component random streams of the run
 * @param limits end and watchdog limits
 * @param names provider names and bundle versions, for error messages
 * @param endpoint send and receive overhead of the end nodes (since 1.2; {@link EndpointTiming#NONE}
 *        with the 12-argument constructor)
 */
public record NetworkSetup(
        Topology topology,
        RouterParameters router,
        RoutingAlgorithm routing,
        Function<QueuingContext, QueuingScheme> queuing,
        Function<ThrottleContext, Throttle> throttle,
        TrafficPattern pattern,
        InjectionProcess injection,
        int packetFlits,
        NetworkObserver observer,
        RandomStreams random,
        RunLimits limits,
        ProviderNames names,
        EndpointTiming endpoint) {
    public NetworkSetup {
        if (endpoint == null) {
            throw new IllegalArgumentException("a network setup needs the endpoint timing (EndpointTiming.NONE for none)");
        }
    }

    /** A setup without endpoint overhead. */
    public NetworkSetup(Topology topology, RouterParameters router, RoutingAlgorithm routing,
            Function<QueuingContext, QueuingScheme> queuing, Function<ThrottleContext, Throttle> throttle,
            TrafficPattern pattern, InjectionProcess injection, int packetFlits, NetworkObserver observer,
            RandomStreams random, RunLimits limits, ProviderNames names) {
        this(topology, router, routing, queuing, throttle, pattern, injection, packetFlits, observer, random, limits,
                names, EndpointTiming.NONE);
    }
}
