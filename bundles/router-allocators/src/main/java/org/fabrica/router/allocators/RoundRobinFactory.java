package org.fabrica.router.allocators;

import org.fabrica.router.Allocator;
import org.fabrica.router.AllocatorFactory;
import org.fabrica.router.AllocatorShape;
import org.osgi.service.component.annotations.Component;

/** {@code round-robin}: separable input-first allocation with round-robin arbiters, one iteration. */
@Component(service = AllocatorFactory.class, property = {
        AllocatorFactory.NAME_PROPERTY + "=round-robin",
        AllocatorFactory.DESCRIPTION_PROPERTY + "=Separable input-first allocator, round-robin arbiters, one iteration"
                + " (BookSim2's default)"})
public final class RoundRobinFactory implements AllocatorFactory<RoundRobinParameters> {
    @Override
    public Class<RoundRobinParameters> parameterType() {
        return RoundRobinParameters.class;
    }

    @Override
    public Allocator create(AllocatorShape shape, RoundRobinParameters parameters) {
        return new SeparableRoundRobin(shape);
    }
}
