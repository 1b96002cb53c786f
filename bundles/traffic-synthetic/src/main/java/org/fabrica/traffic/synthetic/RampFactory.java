package org.fabrica.traffic.synthetic;

import org.fabrica.traffic.InjectionProcess;
import org.fabrica.traffic.InjectionProcessFactory;
import org.fabrica.traffic.OfferedLoad;
import org.osgi.service.component.annotations.Component;

/**
 * {@code ramp}: linearly rising Bernoulli load g(t) = slope * t (docs/studies/spth.md, the ramp
 * load method). The ramp defines the load itself, so the sweep point's load is ignored; the
 * point's stop cycle still ends generation if it comes before the ramp's end.
 */
@Component(service = InjectionProcessFactory.class, property = {
        "fabrica.name=ramp",
        "fabrica.description=Ramp load: Bernoulli injection whose load rises linearly, g(t) = slope * t"
                + " flits/node/cycle, until the end cycle"})
public final class RampFactory implements InjectionProcessFactory<RampParameters> {
    @Override
    public Class<RampParameters> parameterType() {
        return RampParameters.class;
    }

    @Override
    public InjectionProcess create(int nodes, OfferedLoad load, RampParameters parameters) {
        double slope = parameters.slope();
        long end = parameters.end();
        if (!(slope >= 0) || Double.isInfinite(slope)) {
            throw new IllegalArgumentException("injection 'ramp': slope = " + slope + " is invalid; use a value >= 0");
        }
        if (end < 1) {
            throw new IllegalArgumentException("injection 'ramp': end = " + end + " cycles; use an end cycle >= 1");
        }
        double peak = slope * (end - 1);
        if (peak > load.packetFlits()) {
            throw new IllegalArgumentException("injection 'ramp' generates at most one packet per node and cycle, so"
                    + " with " + load.packetFlits() + "-flit packets the load cannot exceed " + load.packetFlits()
                    + " flits/node/cycle, but slope " + slope + " reaches " + peak + " at cycle " + (end - 1)
                    + "; lower the slope or the end cycle");
        }
        return new RampProcess(slope, load.packetFlits(), end, load.stopCycle());
    }
}
