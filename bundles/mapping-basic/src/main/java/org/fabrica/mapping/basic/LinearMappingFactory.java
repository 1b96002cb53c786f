package org.fabrica.mapping.basic;

import org.fabrica.mapping.MappingContext;
import org.fabrica.mapping.MappingFactory;
import org.fabrica.mapping.Mappings;
import org.osgi.service.component.annotations.Component;

/** {@code linear}: global rank g on node g, the copies side by side in node order. */
@Component(service = MappingFactory.class, property = {
        "fabrica.name=linear",
        "fabrica.description=Global rank g (copy x ranks + rank) on end node g: the copies side by side in node order"})
public final class LinearMappingFactory implements MappingFactory<LinearMappingParameters> {
    @Override
    public Class<LinearMappingParameters> parameterType() {
        return LinearMappingParameters.class;
    }

    @Override
    public int[] map(MappingContext context, LinearMappingParameters parameters) {
        Mappings.fits(context);
        return RankMapping.linear(context.ranks(), context.nodes());
    }
}
