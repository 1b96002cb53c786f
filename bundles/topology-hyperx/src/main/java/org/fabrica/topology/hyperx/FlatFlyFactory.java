package org.fabrica.topology.hyperx;

import java.util.Arrays;
import org.fabrica.topology.Topology;
import org.fabrica.topology.TopologyFactory;
import org.osgi.service.component.annotations.Component;

/**
 * The {@code flatfly} topology: a k-ary n-flat is a HyperX of n - 1 dimensions of width k with c
 * terminals per router. A provider of its own, not a {@code hyperx} parameter, so that an experiment
 * file reads in the paper's terms (k, n, c) and is checked in them.
 */
@Component(service = TopologyFactory.class, property = {
        "fabrica.name=flatfly",
        "fabrica.description=Flattened butterfly (Kim, Dally, Abts 2007): the k-ary n-flat, a HyperX of n-1"
                + " dimensions of width k with concentration c"})
public final class FlatFlyFactory implements TopologyFactory<FlatFlyParameters> {
    @Override
    public Class<FlatFlyParameters> parameterType() {
        return FlatFlyParameters.class;
    }

    @Override
    public Topology create(FlatFlyParameters parameters) {
        int k = parameters.k();
        int n = parameters.n();
        if (k < 2) {
            throw new IllegalArgumentException("flatfly: k = " + k + " is out of range; use k >= 2");
        }
        if (n < 2) {
            throw new IllegalArgumentException("flatfly: n = " + n + " is out of range; a k-ary n-flat needs n >= 2"
                    + " (n - 1 >= 1 router dimensions)");
        }
        int[] widths = new int[n - 1];
        Arrays.fill(widths, k);
        return new HyperX("flatfly", widths, parameters.c() == 0 ? k : parameters.c());
    }
}
