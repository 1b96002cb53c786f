package org.fabrica.traffic.synthetic;

import java.util.SplittableRandom;
import org.fabrica.topology.Topology;
import org.fabrica.traffic.TrafficPattern;
import org.fabrica.traffic.TrafficPatternFactory;
import org.osgi.service.component.annotations.Component;

/** {@code uniform}: uniformly random destination for every packet (the study's rand). */
@Component(service = TrafficPatternFactory.class, property = {
        "fabrica.name=uniform",
        "fabrica.description=Uniform random (SPTh study: rand): a random destination other than the source for every"
                + " packet"})
public final class UniformFactory implements TrafficPatternFactory<UniformParameters> {
    @Override
    public Class<UniformParameters> parameterType() {
        return UniformParameters.class;
    }

    @Override
    public TrafficPattern create(Topology topology, SplittableRandom random, UniformParameters parameters) {
        if (topology.nodes() < 2) {
            throw new IllegalArgumentException("traffic 'uniform' needs at least 2 nodes, but " + topology.describe()
                    + " has " + topology.nodes());
        }
        if (parameters.sendToSelf() && !parameters.includeSelf()) {
            throw new IllegalArgumentException("traffic 'uniform': sendToSelf sends the packets drawn to their own"
                    + " source, which only includeSelf draws; set includeSelf: true as well, or remove sendToSelf");
        }
        return new UniformPattern(topology.nodes(), parameters.includeSelf(), parameters.sendToSelf());
    }
}
