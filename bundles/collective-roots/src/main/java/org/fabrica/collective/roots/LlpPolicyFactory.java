package org.fabrica.collective.roots;

import org.fabrica.collective.RootPolicy;
import org.fabrica.collective.RootPolicyFactory;
import org.osgi.service.component.annotations.Component;

/** {@code llp}: Dawning's Least-Loaded Path root selection (see {@link LlpPolicy}). */
@Component(service = RootPolicyFactory.class, property = {
        "fabrica.name=llp",
        "fabrica.description=Least-Loaded Path: the least-loaded of the candidates with the lowest max hops, ties by"
                + " candidate order (docs/studies/dawning.md)"})
public final class LlpPolicyFactory implements RootPolicyFactory<LlpParameters> {
    @Override
    public Class<LlpParameters> parameterType() {
        return LlpParameters.class;
    }

    @Override
    public RootPolicy create(LlpParameters parameters) {
        return new LlpPolicy();
    }
}
