package org.fabrica.router.allocators;

import org.fabrica.router.Allocator;
import org.fabrica.router.AllocatorFactory;
import org.fabrica.router.AllocatorShape;
import org.osgi.service.component.annotations.Component;

/** {@code vl-arbitration}: InfiniBand's VL arbitration, weighted round robin over each output's VCs. */
@Component(service = AllocatorFactory.class, property = {
        AllocatorFactory.NAME_PROPERTY + "=vl-arbitration",
        AllocatorFactory.DESCRIPTION_PROPERTY + "=InfiniBand VL arbitration: each output serves its VCs by"
                + " weighted round robin over a high- and a low-priority table (weights in flits), with a limit of"
                + " high priority"})
public final class VlArbitrationFactory implements AllocatorFactory<VlArbitrationParameters> {
    @Override
    public Class<VlArbitrationParameters> parameterType() {
        return VlArbitrationParameters.class;
    }

    @Override
    public Allocator create(AllocatorShape shape, VlArbitrationParameters parameters) {
        return new VlArbitration(shape, VlArbitration.table("high", parameters.high()),
                VlArbitration.table("low", parameters.low()), parameters.highLimit());
    }
}
