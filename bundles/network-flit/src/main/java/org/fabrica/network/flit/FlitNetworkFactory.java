package org.fabrica.network.flit;

import org.fabrica.network.NetworkModel;
import org.fabrica.network.NetworkModelFactory;
import org.fabrica.network.NetworkSetup;
import org.osgi.service.component.annotations.Component;

/** Provides the flit-level, cycle-accurate network model ({@code fabrica.name=flit}). */
@Component(service = NetworkModelFactory.class, property = {
        NetworkModelFactory.NAME_PROPERTY + "=flit",
        NetworkModelFactory.DESCRIPTION_PROPERTY + "=Flit-level cycle-accurate network: input-queued VC routers, "
                + "credits, virtual cut-through or wormhole"})
public final class FlitNetworkFactory implements NetworkModelFactory<FlitNetworkParameters> {
    @Override
    public Class<FlitNetworkParameters> parameterType() {
        return FlitNetworkParameters.class;
    }

    @Override
    public NetworkModel create(NetworkSetup setup, FlitNetworkParameters parameters) {
        FlitNetwork network = new FlitNetwork(setup, parameters.livelockHopsPerRouter(), parameters.waitForTailCredit(),
                parameters.bitErrorRate(), parameters.retransmitTimeoutCycles());
        network.branches.holdAndWait = parameters.holdAndWaitBranches();
        return network;
    }
}
