package org.fabrica.topology.fattree;

import org.fabrica.topology.Topology;
import org.fabrica.topology.TopologyFactory;
import org.osgi.service.component.annotations.Component;

/** The {@code extended-kary-ntree} topology; see {@link FatTree}. */
@Component(service = TopologyFactory.class, property = {
        "fabrica.name=extended-kary-ntree",
        "fabrica.description=Extended k-ary n-tree: two k-ary n-trees sharing the top level, 2*k^n nodes (docs/studies/rapidio-m2n.md)"})
public final class ExtendedKAryNTreeFactory implements TopologyFactory<ExtendedKAryNTreeParameters> {
    @Override
    public Class<ExtendedKAryNTreeParameters> parameterType() {
        return ExtendedKAryNTreeParameters.class;
    }

    @Override
    public Topology create(ExtendedKAryNTreeParameters parameters) {
        return FatTree.extendedKAryNTree(parameters.k(), parameters.n(), parameters.chipsPerSwitch());
    }
}
