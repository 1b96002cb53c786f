package org.fabrica.router.allocators;

import org.fabrica.router.Allocator;
import org.fabrica.router.AllocatorFactory;
import org.fabrica.router.AllocatorShape;
import org.osgi.service.component.annotations.Component;

/** {@code islip}: iSLIP with 1..n iterations. */
@Component(service = AllocatorFactory.class, property = {
        AllocatorFactory.NAME_PROPERTY + "=islip",
        AllocatorFactory.DESCRIPTION_PROPERTY + "=iSLIP (McKeown 1999): iterative request-grant-accept, round-robin"
                + " pointers updated on first-iteration accepts"})
public final class IslipFactory implements AllocatorFactory<IslipParameters> {
    @Override
    public Class<IslipParameters> parameterType() {
        return IslipParameters.class;
    }

    @Override
    public Allocator create(AllocatorShape shape, IslipParameters parameters) {
        return new Islip(shape, parameters.iterations());
    }
}
