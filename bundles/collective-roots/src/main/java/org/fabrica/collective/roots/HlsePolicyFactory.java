package org.fabrica.collective.roots;

import org.fabrica.collective.RootPolicy;
import org.fabrica.collective.RootPolicyFactory;
import org.osgi.service.component.annotations.Component;

/** {@code hlse}: Dawning's Heavy-Loaded Switch Eliminating root selection (see {@link HlsePolicy}). */
@Component(service = RootPolicyFactory.class, property = {
        "fabrica.name=hlse",
        "fabrica.description=Heavy-Loaded Switch Eliminating: among the candidates with the lowest max hops, drops"
                + " those loaded above a threshold and picks uniformly at random among the rest (all of them when"
                + " none is left) (docs/studies/dawning.md)"})
public final class HlsePolicyFactory implements RootPolicyFactory<HlseParameters> {
    @Override
    public Class<HlseParameters> parameterType() {
        return HlseParameters.class;
    }

    @Override
    public RootPolicy create(HlseParameters parameters) {
        double threshold = parameters.threshold();
        if (!(threshold >= 0)) { // NaN too: no load is <= NaN
            throw new IllegalArgumentException("root policy 'hlse': threshold = " + threshold + " would drop every"
                    + " root, loaded or not, and so pick at random among all of them; use a threshold >= 0 on the"
                    + " engine's load measure (0 keeps only unloaded roots)");
        }
        return new HlsePolicy(threshold);
    }
}
