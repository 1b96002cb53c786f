package org.fabrica.router.allocators;

import org.fabrica.router.Allocator;
import org.fabrica.router.AllocatorFactory;
import org.fabrica.router.AllocatorShape;
import org.osgi.service.component.annotations.Component;

/** {@code priority}: separable allocation, fixed priority by VC class first (a barrier VC always wins), then round robin. */
@Component(service = AllocatorFactory.class, property = {
        AllocatorFactory.NAME_PROPERTY + "=priority",
        AllocatorFactory.DESCRIPTION_PROPERTY + "=Separable input-first allocator, fixed priority by VC class (0 first),"
                + " round robin among equal priorities"})
public final class PriorityFactory implements AllocatorFactory<PriorityParameters> {
    @Override
    public Class<PriorityParameters> parameterType() {
        return PriorityParameters.class;
    }

    @Override
    public Allocator create(AllocatorShape shape, PriorityParameters parameters) {
        return new PrioritySeparable(shape, PrioritySeparable.Criterion.PRIORITY);
    }
}
