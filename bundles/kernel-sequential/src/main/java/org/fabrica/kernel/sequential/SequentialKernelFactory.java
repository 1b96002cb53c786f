package org.fabrica.kernel.sequential;

import org.fabrica.kernel.KernelFactory;
import org.fabrica.kernel.SimulationKernel;
import org.osgi.service.component.annotations.Component;

/** Provides the sequential kernel ({@code fabrica.name=sequential}). */
@Component(service = KernelFactory.class, property = {
        KernelFactory.NAME_PROPERTY + "=sequential",
        KernelFactory.DESCRIPTION_PROPERTY + "=Single-threaded cycle loop with safe points between cycles"})
public final class SequentialKernelFactory implements KernelFactory<SequentialKernelParameters> {
    @Override
    public Class<SequentialKernelParameters> parameterType() {
        return SequentialKernelParameters.class;
    }

    @Override
    public SimulationKernel create(SequentialKernelParameters parameters) {
        return new SequentialKernel();
    }
}
