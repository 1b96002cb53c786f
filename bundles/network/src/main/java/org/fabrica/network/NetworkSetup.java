package org.fabrica.network;

import java.util.Map;
import java.util.function.Function;
import org.fabrica.collective.CollectiveEngine;
import org.fabrica.collective.CollectiveProgram;
import org.fabrica.hardware.EndpointTiming;
import org.fabrica.hardware.RouterDescription;
import org.fabrica.hardware.RouterParameters;
import org.fabrica.kernel.RandomStreams;
import org.fabrica.queuing.QueuingContext;
import org.fabrica.queuing.QueuingScheme;
import org.fabrica.router.RouterParts;
import org.fabrica.routing.RoutingAlgorithm;
import org.fabrica.stats.NetworkObserver;
import org.fabrica.throttle.Throttle;
import org.fabrica.throttle.ThrottleContext;
import org.fabrica.topology.Topology;
import org.fabrica.traffic.InjectionProcess;
import org.fabrica.traffic.TrafficPattern;

/**
 * Everything a network model is built from. Queuing and throttle are given as functions of the
 * context the model offers them; the router's allocator parts are named in the description and
 * created through {@code parts}.
 *
 * @param topology the graph
 * @param router the router the hardware model describes (since 2.0; before, its classic
 *        parameters, which {@link RouterDescription#of(RouterParameters)} converts)
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
 * @param endpoint send and receive overhead of the end nodes (since 1.2)
 * @param parts creates the allocator parts the description names (since 2.0)
 * @param routerKinds the router of each kind of router the topology has
 *        ({@code Topology.routerKind}), as the hardware model describes it; a kind not in the map
 *        is built from {@code router} (since 2.1; empty: every router is {@code router})
 * @param collectives the run's collective engine, or null for none: traffic that enters a
 *        collective operation ({@code TrafficPattern.COLLECTIVE}) needs one (since 2.2)
 * @param program when processes enter collective operations besides the traffic (a barrier loop
 *        beside steady load), or null; needs {@code collectives} (since 2.2)
 */
public record NetworkSetup(
        Topology topology,
        RouterDescription router,
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
        EndpointTiming endpoint,
        RouterParts parts,
        Map<String, RouterDescription> routerKinds,
        CollectiveEngine collectives,
        CollectiveProgram program) {
    public NetworkSetup {
        if (program != null && collectives == null) {
            throw new IllegalArgumentException("a collective program needs a collective engine to enter");
        }
        if (endpoint == null) {
            throw new IllegalArgumentException("a network setup needs the endpoint timing (EndpointTiming.NONE for none)");
        }
        if (parts == null) {
            throw new IllegalArgumentException("a network setup needs the router parts (RouterParts) that create the"
                    + " allocators its router description names");
        }
        routerKinds = routerKinds == null ? Map.of() : Map.copyOf(routerKinds);
    }

    /** A setup without a collective engine. */
    public NetworkSetup(Topology topology, RouterDescription router, RoutingAlgorithm routing,
            Function<QueuingContext, QueuingScheme> queuing, Function<ThrottleContext, Throttle> throttle,
            TrafficPattern pattern, InjectionProcess injection, int packetFlits, NetworkObserver observer,
            RandomStreams random, RunLimits limits, ProviderNames names, EndpointTiming endpoint, RouterParts parts,
            Map<String, RouterDescription> routerKinds) {
        this(topology, router, routing, queuing, throttle, pattern, injection, packetFlits, observer, random, limits,
                names, endpoint, parts, routerKinds, null, null);
    }

    /**
     * This setup with {@code engine} as its collective engine.
     *
     * @since 2.2
     */
    public NetworkSetup withCollectives(CollectiveEngine engine) {
        return withCollectives(engine, null);
    }

    /**
     * This setup with {@code engine} as its collective engine and {@code entries} (or null) as the
     * program of its processes' entries.
     *
     * @since 2.2
     */
    public NetworkSetup withCollectives(CollectiveEngine engine, CollectiveProgram entries) {
        return new NetworkSetup(topology, router, routing, queuing, throttle, pattern, injection, packetFlits, observer,
                random, limits, names, endpoint, parts, routerKinds, engine, entries);
    }

    /** A setup whose routers are all {@code router} (every kind). */
    public NetworkSetup(Topology topology, RouterDescription router, RoutingAlgorithm routing,
            Function<QueuingContext, QueuingScheme> queuing, Function<ThrottleContext, Throttle> throttle,
            TrafficPattern pattern, InjectionProcess injection, int packetFlits, NetworkObserver observer,
            RandomStreams random, RunLimits limits, ProviderNames names, EndpointTiming endpoint, RouterParts parts) {
        this(topology, router, routing, queuing, throttle, pattern, injection, packetFlits, observer, random, limits,
                names, endpoint, parts, Map.of(), null, null);
    }

    /**
     * The router of routers of {@code kind}: its entry in {@link #routerKinds()}, else
     * {@link #router()}.
     *
     * @since 2.1
     */
    public RouterDescription router(String kind) {
        RouterDescription d = routerKinds.get(kind);
        return d != null ? d : router;
    }

    /** A setup from a hardware model's classic router parameters. */
    public NetworkSetup(Topology topology, RouterParameters router, RoutingAlgorithm routing,
            Function<QueuingContext, QueuingScheme> queuing, Function<ThrottleContext, Throttle> throttle,
            TrafficPattern pattern, InjectionProcess injection, int packetFlits, NetworkObserver observer,
            RandomStreams random, RunLimits limits, ProviderNames names, EndpointTiming endpoint, RouterParts parts) {
        this(topology, RouterDescription.of(router), routing, queuing, throttle, pattern, injection, packetFlits,
                observer, random, limits, names, endpoint, parts, Map.of(), null, null);
    }
}
