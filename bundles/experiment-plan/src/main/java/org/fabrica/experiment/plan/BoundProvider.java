package org.fabrica.experiment.plan;

import java.nio.file.Path;
import java.util.Map;
import java.util.SplittableRandom;
import org.fabrica.experiment.file.ProviderChoice;
import org.fabrica.experiment.study.StudyProvider;
import org.fabrica.hardware.HardwareFactory;
import org.fabrica.hardware.HardwareModel;
import org.fabrica.kernel.KernelFactory;
import org.fabrica.kernel.RandomStreams;
import org.fabrica.kernel.SimulationKernel;
import org.fabrica.network.NetworkModel;
import org.fabrica.network.NetworkModelFactory;
import org.fabrica.network.NetworkSetup;
import org.fabrica.queuing.QueuingContext;
import org.fabrica.queuing.QueuingFactory;
import org.fabrica.queuing.QueuingScheme;
import org.fabrica.routing.RoutingAlgorithm;
import org.fabrica.routing.RoutingFactory;
import org.fabrica.scheduler.Scheduler;
import org.fabrica.scheduler.SchedulerFactory;
import org.fabrica.stats.CollectorContext;
import org.fabrica.stats.StatisticsCollector;
import org.fabrica.stats.StatisticsCollectorFactory;
import org.fabrica.throttle.Throttle;
import org.fabrica.throttle.ThrottleContext;
import org.fabrica.throttle.ThrottleFactory;
import org.fabrica.topology.Topology;
import org.fabrica.topology.TopologyFactory;
import org.fabrica.traffic.InjectionProcess;
import org.fabrica.traffic.InjectionProcessFactory;
import org.fabrica.traffic.OfferedLoad;
import org.fabrica.traffic.TrafficPattern;
import org.fabrica.traffic.TrafficPatternFactory;

/**
 * A provider chosen by an experiment with its parameters bound (defaults filled in, ranges
 * checked). Bound parameters are immutable, so one binding serves every point of a sweep; each
 * point creates its own instances through the factory.
 *
 * @param provider the registered factory chosen
 * @param choice what the file said
 * @param parameters the bound parameter object (the provider's annotation type)
 * @param values every parameter value, defaults included, for the resolved experiment
 * @param baseDirectory the experiment file's directory, against which topology and routing providers
 *        resolve relative file names among their parameters
 */
@SuppressWarnings({"unchecked", "rawtypes"}) // the parameter type is the factory's own, checked by binding
public record BoundProvider(RegisteredProvider provider, ProviderChoice choice, Object parameters,
        Map<String, Object> values, Path baseDirectory) implements StudyProvider {

    /** {@code path 'name' (bundle version)}, for messages. */
    @Override
    public String describe() {
        return choice.path() + " '" + provider.name() + "' (" + provider.bundle() + " " + provider.version() + ")";
    }

    @Override
    public String label() {
        return provider.label();
    }

    @Override
    public <F> F factory(Class<F> type) {
        if (!type.isInstance(provider.factory())) {
            throw new IllegalArgumentException(describe() + " is a " + provider.concept() + " provider, not a "
                    + type.getSimpleName());
        }
        return type.cast(provider.factory());
    }

    Topology topology() {
        return ((TopologyFactory) provider.factory()).create(parameters, baseDirectory);
    }

    HardwareModel hardware() {
        return ((HardwareFactory) provider.factory()).create(parameters);
    }

    /** Routing draws its random choices (if any) from the run's streams, so each seed differs. */
    RoutingAlgorithm routing(Topology topology, RandomStreams random) {
        return ((RoutingFactory) provider.factory()).create(topology, parameters, random, baseDirectory);
    }

    QueuingScheme queuing(QueuingContext context) {
        return ((QueuingFactory) provider.factory()).create(context, parameters);
    }

    Throttle throttle(ThrottleContext context) {
        return ((ThrottleFactory) provider.factory()).create(context, parameters);
    }

    TrafficPattern pattern(Topology topology, SplittableRandom random) {
        return ((TrafficPatternFactory) provider.factory()).create(topology, random, parameters);
    }

    InjectionProcess injection(int nodes, OfferedLoad load) {
        return ((InjectionProcessFactory) provider.factory()).create(nodes, load, parameters);
    }

    NetworkModel network(NetworkSetup setup) {
        return ((NetworkModelFactory) provider.factory()).create(setup, parameters);
    }

    SimulationKernel kernel() {
        return ((KernelFactory) provider.factory()).create(parameters);
    }

    /** A statistics collector for one point. */
    public StatisticsCollector collector(CollectorContext context) {
        return ((StatisticsCollectorFactory) provider.factory()).create(context, parameters);
    }

    /** A scheduler draws its random choices (if any) from the run's streams, so each seed differs. */
    Scheduler scheduler(Topology topology, RandomStreams random) {
        return ((SchedulerFactory) provider.factory()).create(topology, parameters, random);
    }
}
