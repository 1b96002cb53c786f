package org.fabrica.collective.tree;

import org.fabrica.collective.CollectiveContext;
import org.fabrica.collective.CollectiveEngine;
import org.fabrica.collective.CollectiveEngineFactory;
import org.osgi.service.component.annotations.Component;

/** {@code tree-barrier}: the hardware barrier of the Dawning 5000 study ({@link TreeBarrier}). */
@Component(service = CollectiveEngineFactory.class, property = {
        "fabrica.name=tree-barrier",
        "fabrica.description=Hardware barrier: arrivals combined in the switches up a tree, completion broadcast down;"
                + " root at a switch or a node, or Quadrics-style"})
public final class TreeBarrierFactory implements CollectiveEngineFactory<TreeBarrierParameters> {
    @Override
    public Class<TreeBarrierParameters> parameterType() {
        return TreeBarrierParameters.class;
    }

    @Override
    public CollectiveEngine create(CollectiveContext context, TreeBarrierParameters parameters) {
        return new TreeBarrier(context, parameters.root(), parameters.protocol(), parameters.groupsPerSwitch(),
                parameters.reliable(), parameters.timeoutCycles());
    }
}
