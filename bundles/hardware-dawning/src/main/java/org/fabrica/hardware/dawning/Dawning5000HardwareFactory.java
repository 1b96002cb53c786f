package org.fabrica.hardware.dawning;

import org.fabrica.hardware.HardwareFactory;
import org.fabrica.hardware.HardwareModel;
import org.osgi.service.component.annotations.Component;

/** {@code dawning5000}: the Dawning 5000 switch and network interface; see {@link Dawning5000Model}. */
@Component(service = HardwareFactory.class, property = {
        "fabrica.name=dawning5000",
        "fabrica.description=Dawning 5000 switch: 156.25 MHz, 2-byte flits (2.5 Gbps links: 3.125 Gbaud serdes),"
                + " 13-cycle switch (130 ns on the 100 MHz prototype), virtual cut-through with whole packets on the links, VCs 2 unicast + 1 mixed (4 KB each) + 1 barrier (128 B, first at every"
                + " output), parallel per-VC crossbars; 1.4 us software and 0.2 us line time at the interfaces"
                + " (docs/studies/dawning.md)"})
public final class Dawning5000HardwareFactory implements HardwareFactory<Dawning5000Parameters> {
    @Override
    public Class<Dawning5000Parameters> parameterType() {
        return Dawning5000Parameters.class;
    }

    @Override
    public HardwareModel create(Dawning5000Parameters parameters) {
        return new Dawning5000Model(parameters);
    }
}
