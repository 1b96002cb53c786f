package org.fabrica.network.flit;

import java.util.HashMap;
import java.util.Map;
import org.fabrica.hardware.FlowControl;
import org.fabrica.hardware.EndpointTiming;
import org.fabrica.hardware.RouterParameters;
import org.fabrica.hardware.generic.GenericHardwareFactory;
import org.fabrica.hardware.generic.GenericRouterParameters;
import org.fabrica.kernel.RandomStreams;
import org.fabrica.network.NetworkSetup;
import org.fabrica.network.ProviderNames;
import org.fabrica.network.RunLimits;
import org.fabrica.params.Parameters;
import org.fabrica.queuing.basic.DatelineQueuingFactory;
import org.fabrica.queuing.basic.DatelineQueuingParameters;
import org.fabrica.queuing.basic.SingleVcFactory;
import org.fabrica.queuing.basic.SingleVcParameters;
import org.fabrica.queuing.basic.VoqSwitchFactory;
import org.fabrica.queuing.basic.VoqSwitchParameters;
import org.fabrica.routing.RoutingAlgorithm;
import org.fabrica.routing.cube.DorFactory;
import org.fabrica.routing.cube.DorParameters;
import org.fabrica.stats.NetworkObserver;
import org.fabrica.throttle.none.NoThrottleFactory;
import org.fabrica.throttle.none.NoThrottleParameters;
import org.fabrica.topology.Topology;
import org.fabrica.topology.cube.MeshFactory;
import org.fabrica.topology.cube.MeshParameters;
import org.fabrica.topology.cube.TorusFactory;
import org.fabrica.topology.cube.TorusParameters;
import org.fabrica.traffic.InjectionProcess;
import org.fabrica.traffic.OfferedLoad;
import org.fabrica.traffic.TrafficPattern;
import org.fabrica.traffic.synthetic.BernoulliFactory;
import org.fabrica.traffic.synthetic.BernoulliParameters;
import org.fabrica.traffic.synthetic.UniformFactory;
import org.fabrica.traffic.synthetic.UniformParameters;

/** Runs on k x k tori built from the real providers (torus, dor, dateline / 1vc, none, generic, uniform, bernoulli). */
final class TorusRuns {
    int k = 8;
    int vcs = 2;
    int bufferFlits = 8;
    FlowControl flow = FlowControl.WORMHOLE;
    int packetFlits = 8;
    double load = 0.1;
    long stopCycle = Long.MAX_VALUE;
    long maxCycles = 10_000;
    long deadlockCycles = 5_000;
    long seed = 1;
    String dateline = "classic";
    String tie = "plus";
    boolean singleVc;
    boolean voqSwitch;
    boolean voqCrossbar;
    boolean mesh;
    boolean includeSelf;
    /** With includeSelf: a packet addressed to its source goes through the network (uniform's sendToSelf). */
    boolean sendToSelf;
    /** dateline queuing: a new packet may enter any VC of its terminal input (else class 0's). */
    boolean injectionAny;
    boolean waitForTailCredit;
    NetworkObserver observer = new Fixtures.Recorder();
    RoutingAlgorithm routingOverride;
    InjectionProcess injectionOverride;
    TrafficPattern patternOverride;

    Topology topology() {
        if (mesh) {
            return new MeshFactory().create(Parameters.bind(MeshParameters.class, Map.of("k", k, "n", 2), "mesh"));
        }
        return new TorusFactory().create(Parameters.bind(TorusParameters.class, Map.of("k", k, "n", 2), "torus"));
    }

    NetworkSetup setup() {
        Topology topology = topology();
        RoutingAlgorithm routing = routingOverride != null ? routingOverride : new DorFactory().create(topology,
                Parameters.bind(DorParameters.class, Map.of("dateline", dateline, "tie", tie), "dor"));
        Map<String, Object> hw = new HashMap<>();
        hw.put("vcs", vcs);
        hw.put("bufferFlits", bufferFlits);
        hw.put("flowControl", flow);
        hw.put("voqCrossbar", voqCrossbar);
        RouterParameters router = new GenericHardwareFactory()
                .create(Parameters.bind(GenericRouterParameters.class, hw, "generic")).router();
        RandomStreams random = new RandomStreams(seed);
        TrafficPattern pattern = patternOverride != null ? patternOverride : new UniformFactory().create(topology,
                random.stream("pattern", 0), Parameters.bind(UniformParameters.class, Map.of("includeSelf", includeSelf, "sendToSelf", sendToSelf), "uniform"));
        InjectionProcess injection = injectionOverride != null ? injectionOverride : new BernoulliFactory().create(
                topology.nodes(), new OfferedLoad(load, packetFlits, stopCycle), Parameters.defaults(BernoulliParameters.class));
        return new NetworkSetup(topology, router, routing,
                voqSwitch ? context -> new VoqSwitchFactory().create(context, Parameters.defaults(VoqSwitchParameters.class))
                        : singleVc ? context -> new SingleVcFactory().create(context, Parameters.defaults(SingleVcParameters.class))
                        : context -> new DatelineQueuingFactory().create(context, Parameters.bind(DatelineQueuingParameters.class,
                                Map.of("injection", injectionAny ? "any" : "class-zero"), "dateline")),
                context -> new NoThrottleFactory().create(context, Parameters.defaults(NoThrottleParameters.class)),
                pattern, injection, packetFlits, observer, random, new RunLimits(maxCycles, deadlockCycles),
                new ProviderNames("dor (routing-cube test)", singleVc ? "1vc (queuing-basic test)" : "dateline (queuing-basic test)",
                        "none (throttle-none test)", "uniform (traffic-synthetic test)"),
                EndpointTiming.NONE, Fixtures.parts());
    }

    FlitNetwork create() {
        return (FlitNetwork) new FlitNetworkFactory().create(setup(), Parameters.bind(FlitNetworkParameters.class,
                Map.of("waitForTailCredit", waitForTailCredit), "flit"));
    }
}
