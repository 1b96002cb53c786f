package org.fabrica.collective.roots;

import org.fabrica.collective.RootPolicy;
import org.fabrica.collective.RootPolicyFactory;
import org.osgi.service.component.annotations.Component;

/** {@code lowest-max-hop}: the shortest tree's root, OpenSM-like (see {@link LowestMaxHopPolicy}). */
@Component(service = RootPolicyFactory.class, property = {
        "fabrica.name=lowest-max-hop",
        "fabrica.description=The candidate with the fewest routers to its farthest member, ties by mean hops then"
                + " candidate order (OpenSM's multicast root choice); ignores load"})
public final class LowestMaxHopPolicyFactory implements RootPolicyFactory<LowestMaxHopParameters> {
    @Override
    public Class<LowestMaxHopParameters> parameterType() {
        return LowestMaxHopParameters.class;
    }

    @Override
    public RootPolicy create(LowestMaxHopParameters parameters) {
        return new LowestMaxHopPolicy();
    }
}
