package org.fabrica.collective.roots;

import org.fabrica.collective.RootPolicy;
import org.fabrica.collective.RootPolicyFactory;
import org.osgi.service.component.annotations.Component;

/** {@code deterministic}: Dawning's fixed root per group (see {@link DeterministicPolicy}). */
@Component(service = RootPolicyFactory.class, property = {
        "fabrica.name=deterministic",
        "fabrica.description=A fixed function of the group: group g takes centre g mod count (the centres are the"
                + " candidates with the lowest max hops, in candidate order); ignores load (docs/studies/dawning.md)"})
public final class DeterministicPolicyFactory implements RootPolicyFactory<DeterministicParameters> {
    @Override
    public Class<DeterministicParameters> parameterType() {
        return DeterministicParameters.class;
    }

    @Override
    public RootPolicy create(DeterministicParameters parameters) {
        return new DeterministicPolicy();
    }
}
