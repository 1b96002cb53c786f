package org.fabrica.traffic.synthetic;

import org.fabrica.traffic.InjectionProcess;
import org.fabrica.traffic.InjectionProcessFactory;
import org.fabrica.traffic.OfferedLoad;
import org.osgi.service.component.annotations.Component;

/** {@code bernoulli}: a packet per node and cycle with probability load / packet length. */
@Component(service = InjectionProcessFactory.class, property = {
        "fabrica.name=bernoulli",
        "fabrica.description=Bernoulli injection: each cycle a node generates a packet with probability"
                + " load / packet length"})
public final class BernoulliFactory implements InjectionProcessFactory<BernoulliParameters> {
    @Override
    public Class<BernoulliParameters> parameterType() {
        return BernoulliParameters.class;
    }

    @Override
    public InjectionProcess create(int nodes, OfferedLoad load, BernoulliParameters parameters) {
        double p = load.flitsPerNodeCycle() / load.packetFlits();
        if (p > 1) {
            throw new IllegalArgumentException("injection 'bernoulli' generates at most one packet per node and cycle,"
                    + " so with " + load.packetFlits() + "-flit packets the maximum load is " + load.packetFlits()
                    + " flits/node/cycle, but the load is " + load.flitsPerNodeCycle() + "; lower the load");
        }
        return new BernoulliProcess(p, load.stopCycle(), load.flitsPerNodeCycle());
    }
}
