package org.fabrica.hardware.rapidio;

import org.fabrica.hardware.HardwareFactory;
import org.osgi.service.component.annotations.Component;

/** {@code rapidio-cps1848}: the IDT CPS-1848 RapidIO switch and its end points; see {@link Cps1848Model}. */
@Component(service = HardwareFactory.class, property = {
        "fabrica.name=rapidio-cps1848",
        "fabrica.description=IDT CPS-1848 Serial RapidIO switch: 16 Gbps ports, 4 ns cycle, 170 ns hops, 608 ns"
                + " endpoint overhead, RapidIO packet format (docs/studies/rapidio-m2n.md)"})
public final class Cps1848HardwareFactory implements HardwareFactory<Cps1848Parameters> {
    @Override
    public Class<Cps1848Parameters> parameterType() {
        return Cps1848Parameters.class;
    }

    @Override
    public Cps1848Model create(Cps1848Parameters parameters) {
        return new Cps1848Model(parameters);
    }
}
