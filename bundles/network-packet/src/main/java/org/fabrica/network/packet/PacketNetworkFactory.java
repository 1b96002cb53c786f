package org.fabrica.network.packet;

import org.fabrica.network.NetworkModel;
import org.fabrica.network.NetworkModelFactory;
import org.fabrica.network.NetworkSetup;
import org.osgi.service.component.annotations.Component;

/** Provides the packet-level, event-driven network model ({@code fabrica.name=packet}). */
@Component(service = NetworkModelFactory.class, property = {
        NetworkModelFactory.NAME_PROPERTY + "=packet",
        NetworkModelFactory.DESCRIPTION_PROPERTY + "=Packet-level event-driven network: virtual cut-through with"
                + " whole packets on links, credits and VCs as the flit model; cost per packet-hop"})
public final class PacketNetworkFactory implements NetworkModelFactory<PacketNetworkParameters> {
    @Override
    public Class<PacketNetworkParameters> parameterType() {
        return PacketNetworkParameters.class;
    }

    @Override
    public NetworkModel create(NetworkSetup setup, PacketNetworkParameters parameters) {
        return new PacketNetwork(setup, parameters.livelockHopsPerRouter(), parameters.bitErrorRate(),
                parameters.retransmitTimeoutCycles());
    }
}
