package org.fabrica.hardware.infiniband;

import org.fabrica.hardware.HardwareFactory;
import org.fabrica.hardware.HardwareModel;
import org.osgi.service.component.annotations.Component;

/** {@code infiniband}: the InfiniBand-like switch and node interfaces of the OSHA/SASHA study; see {@link InfinibandModel}. */
@Component(service = HardwareFactory.class, property = {
        "fabrica.name=infiniband",
        "fabrica.description=InfiniBand-like switch: 100 Gbps links, 6 ns propagation, 64-byte flits (5.12 ns cycle),"
                + " 128 KB per input port shared out among the VLs, 4 KB MTU, virtual cut-through; interfaces of KNS"
                + " forward with their own latency (docs/studies/osha-sasha.md)"})
public final class InfinibandHardwareFactory implements HardwareFactory<InfinibandParameters> {
    @Override
    public Class<InfinibandParameters> parameterType() {
        return InfinibandParameters.class;
    }

    @Override
    public HardwareModel create(InfinibandParameters parameters) {
        return new InfinibandModel(parameters);
    }
}
