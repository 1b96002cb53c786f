package org.example.fabrica.wavefront;

import org.fabrica.router.Allocator;
import org.fabrica.router.AllocatorFactory;
import org.fabrica.router.AllocatorShape;
import org.osgi.service.component.annotations.Component;

/**
 * The provider: a Declarative Services component registering an {@link AllocatorFactory} under the
 * name a hardware model uses ({@code fabrica.name}), e.g. the generic hardware's
 * {@code switchAllocator: wavefront}. Fabrica finds it when the bundle starts; nothing else has to
 * be registered anywhere.
 */
@Component(service = AllocatorFactory.class, property = {
    "fabrica.name=wavefront",
    "fabrica.description=Wavefront allocator (Tamir and Chi 1993): sweeps the diagonals of the square request matrix"
            + " from a rotating priority diagonal; a maximal matching in one pass"})
public final class WavefrontAllocatorFactory implements AllocatorFactory<WavefrontParameters> {

    @Override
    public Class<WavefrontParameters> parameterType() {
        return WavefrontParameters.class;
    }

    /**
     * Called once per run and use (VC allocation, switch allocation, output arbitration), while the
     * network is built: everything the allocator will need is laid out here.
     */
    @Override
    public Allocator create(AllocatorShape shape, WavefrontParameters parameters) {
        return new WavefrontAllocator(shape);
    }
}
