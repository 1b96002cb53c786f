package org.fabrica.traffic.synthetic;

import org.fabrica.traffic.InjectionProcess;
import org.fabrica.traffic.InjectionProcessFactory;
import org.fabrica.traffic.OfferedLoad;
import org.osgi.service.component.annotations.Component;

/** {@code on-off}: bursty injection by a two-state Markov chain per node ({@link OnOffProcess}). */
@Component(service = InjectionProcessFactory.class, property = {
        "fabrica.name=on-off",
        "fabrica.description=Bursty on/off injection (two-state Markov chain per node, as BookSim2's on_off): bursts"
                + " of 'burst' packets on average at 'peakLoad', the sweep point's load on average"})
public final class OnOffFactory implements InjectionProcessFactory<OnOffParameters> {
    @Override
    public Class<OnOffParameters> parameterType() {
        return OnOffParameters.class;
    }

    @Override
    public InjectionProcess create(int nodes, OfferedLoad load, OnOffParameters parameters) {
        int length = load.packetFlits();
        double peak = parameters.peakLoad() == 0 ? length : parameters.peakLoad();
        if (!(peak > 0) || peak > length || Double.isNaN(parameters.peakLoad())) {
            throw new IllegalArgumentException("injection 'on-off': peakLoad = " + parameters.peakLoad() + " is out of"
                    + " range; a node generates at most one " + length + "-flit packet per cycle: use 0 < peakLoad <= "
                    + length + " (0 = " + length + ")");
        }
        double burst = parameters.burst();
        if (!(burst >= 1) || Double.isInfinite(burst)) {
            throw new IllegalArgumentException("injection 'on-off': burst = " + burst + " is out of range; use a mean"
                    + " of at least 1 packet per burst");
        }
        double r1 = peak / length; // packets per cycle while on
        double beta = r1 / burst; // on -> off per cycle: an on period lasts burst / r1 cycles on average
        double mean = load.flitsPerNodeCycle() / length;
        double on = mean / r1; // fraction of the time on
        double max = peak / (1 + beta);
        if (load.flitsPerNodeCycle() > max * (1 + 1e-12)) {
            throw new IllegalArgumentException("injection 'on-off' with burst " + burst + " and peakLoad " + peak
                    + " reaches at most " + String.format(java.util.Locale.ROOT, "%.4g", max) + " flits/node/cycle on"
                    + " average (off periods last at least one cycle), but the load is " + load.flitsPerNodeCycle()
                    + "; lower the load or raise burst or peakLoad");
        }
        double alpha = on <= 0 ? 0 : Math.min(1.0, beta * on / (1 - on)); // off -> on per cycle
        return new OnOffProcess(nodes, alpha, beta, r1, on, load.stopCycle(), load.flitsPerNodeCycle());
    }
}
