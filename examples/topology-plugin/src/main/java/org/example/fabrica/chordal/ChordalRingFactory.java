package org.example.fabrica.chordal;

import org.fabrica.topology.Topology;
import org.fabrica.topology.TopologyFactory;
import org.osgi.service.component.annotations.Component;

/**
 * The provider: a Declarative Services component registering a {@link TopologyFactory} under the
 * name {@code chordal-ring}. The parameter type's Metatype annotations are what the experiment file's
 * {@code topology: {name: chordal-ring, k: 16, c: 4}} is checked and bound against.
 */
@Component(service = TopologyFactory.class, property = {
        "fabrica.name=chordal-ring",
        "fabrica.description=Chordal ring: k routers in a bidirectional ring plus chords of length c"
                + " (circulant graph C(k; 1, c)), one node per router"})
public final class ChordalRingFactory implements TopologyFactory<ChordalRingParameters> {
    @Override
    public Class<ChordalRingParameters> parameterType() {
        return ChordalRingParameters.class;
    }

    @Override
    public Topology create(ChordalRingParameters parameters) {
        return new ChordalRing(parameters.k(), parameters.c());
    }
}
