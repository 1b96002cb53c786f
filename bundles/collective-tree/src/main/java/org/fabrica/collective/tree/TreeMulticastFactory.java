package org.fabrica.collective.tree;

import org.fabrica.collective.CollectiveContext;
import org.fabrica.collective.CollectiveEngine;
import org.fabrica.collective.CollectiveEngineFactory;
import org.osgi.service.component.annotations.Component;

/** {@code tree-multicast}: the hardware multicast of the Dawning 5000 study ({@link TreeMulticast}). */
@Component(service = CollectiveEngineFactory.class, property = {
        "fabrica.name=tree-multicast",
        "fabrica.description=Hardware multicast: a multicast packet goes up to a root switch chosen per multicast by the"
                + " root policy (with load information), then down that root's tree, replicated at the branch points"})
public final class TreeMulticastFactory implements CollectiveEngineFactory<TreeMulticastParameters> {
    @Override
    public Class<TreeMulticastParameters> parameterType() {
        return TreeMulticastParameters.class;
    }

    @Override
    public CollectiveEngine create(CollectiveContext context, TreeMulticastParameters parameters) {
        return new TreeMulticast(context, parameters.loadLagCycles(), parameters.replicationCycles());
    }
}
