package org.fabrica.topology.fattree;

import org.fabrica.topology.Topology;
import org.fabrica.topology.TopologyFactory;
import org.osgi.service.component.annotations.Component;

/** The {@code kary-ntree} topology; see {@link FatTree}. */
@Component(service = TopologyFactory.class, property = {
        "fabrica.name=kary-ntree",
        "fabrica.description=k-ary n-tree: k^n nodes, n levels of k^(n-1) switches (docs/studies/rapidio-m2n.md)"})
public final class KAryNTreeFactory implements TopologyFactory<KAryNTreeParameters> {
    @Override
    public Class<KAryNTreeParameters> parameterType() {
        return KAryNTreeParameters.class;
    }

    @Override
    public Topology create(KAryNTreeParameters parameters) {
        return FatTree.kAryNTree(parameters.k(), parameters.n(), parameters.chipsPerSwitch());
    }
}
