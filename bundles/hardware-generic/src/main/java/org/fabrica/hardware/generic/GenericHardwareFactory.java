package org.fabrica.hardware.generic;

import org.fabrica.hardware.HardwareFactory;
import org.fabrica.hardware.HardwareModel;
import org.fabrica.hardware.RouterParameters;
import org.osgi.service.component.annotations.Component;

/** {@code generic}: a configurable input-queued VC router; every parameter maps to one field of RouterParameters. */
@Component(service = HardwareFactory.class, property = {
        "fabrica.name=generic",
        "fabrica.description=Generic input-queued VC router (defaults: BookSim2's default router with 2 VCs)"})
public final class GenericHardwareFactory implements HardwareFactory<GenericRouterParameters> {
    @Override
    public Class<GenericRouterParameters> parameterType() {
        return GenericRouterParameters.class;
    }

    @Override
    public HardwareModel create(GenericRouterParameters p) {
        RouterParameters router = new RouterParameters(p.vcs(), p.bufferFlits(), p.flowControl(), p.routingDelay(),
                p.vcAllocDelay(), p.switchAllocDelay(), p.switchTraversalDelay(), p.linkLatency(), p.creditDelay(),
                p.voqCrossbar(), p.cycleNanoseconds(), p.flitBytes());
        return new GenericRouter(router);
    }

    /** The generic router model: nothing beyond its parameters. */
    record GenericRouter(RouterParameters router) implements HardwareModel {
    }
}
