package org.fabrica.topology.fattree;

import org.fabrica.topology.Topology;
import org.fabrica.topology.TopologyFactory;
import org.osgi.service.component.annotations.Component;

/** The {@code ft} topology; see {@link FatTree}. */
@Component(service = TopologyFactory.class, property = {
        "fabrica.name=ft",
        "fabrica.description=FT(l, m, w) fat tree with SW(h, tau) switch numbering (docs/studies/levelwise.md)"})
public final class FtFactory implements TopologyFactory<FtParameters> {
    @Override
    public Class<FtParameters> parameterType() {
        return FtParameters.class;
    }

    @Override
    public Topology create(FtParameters parameters) {
        // m = 0 selects the symmetric FT(l, w) of the study (m = w)
        return FatTree.ft(parameters.l(), parameters.m() == 0 ? parameters.w() : parameters.m(), parameters.w());
    }
}
