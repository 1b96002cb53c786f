package org.fabrica.router.allocators;

import org.fabrica.router.Allocator;
import org.fabrica.router.AllocatorFactory;
import org.fabrica.router.AllocatorShape;
import org.osgi.service.component.annotations.Component;

/** {@code oldest-first}: separable allocation, the oldest packet (smallest creation cycle) first, then round robin. */
@Component(service = AllocatorFactory.class, property = {
        AllocatorFactory.NAME_PROPERTY + "=oldest-first",
        AllocatorFactory.DESCRIPTION_PROPERTY + "=Separable input-first allocator, oldest packet first (age-based"
                + " arbitration), round robin among equals"})
public final class OldestFirstFactory implements AllocatorFactory<OldestFirstParameters> {
    @Override
    public Class<OldestFirstParameters> parameterType() {
        return OldestFirstParameters.class;
    }

    @Override
    public Allocator create(AllocatorShape shape, OldestFirstParameters parameters) {
        return new PrioritySeparable(shape, PrioritySeparable.Criterion.AGE);
    }
}
