package org.fabrica.mapping.basic;

import org.fabrica.mapping.MappingContext;
import org.fabrica.mapping.MappingFactory;
import org.fabrica.mapping.Mappings;
import org.osgi.service.component.annotations.Component;

/** {@code random}: the ranks on distinct nodes drawn at random, differently for each seed of the experiment. */
@Component(service = MappingFactory.class, property = {
        "fabrica.name=random",
        "fabrica.description=Every rank on a distinct end node drawn at random (a seeded shuffle of all nodes), another"
                + " draw for each seed of the experiment"})
public final class RandomMappingFactory implements MappingFactory<RandomMappingParameters> {
    @Override
    public Class<RandomMappingParameters> parameterType() {
        return RandomMappingParameters.class;
    }

    @Override
    public int[] map(MappingContext context, RandomMappingParameters parameters) {
        Mappings.fits(context);
        return RankMapping.random(context.ranks(), context.nodes(), context.seed());
    }
}
