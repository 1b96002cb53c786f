package org.fabrica.queuing;

import org.fabrica.routing.PacketView;
import org.fabrica.topology.Topology;
import org.osgi.annotation.versioning.ProviderType;

/** What the network model offers a queuing scheme; implemented by the network model. */
@ProviderType
public interface QueuingContext {
    Topology topology();

    /** Virtual channels per input port. */
    int vcs();

    /** VC classes the routing algorithm uses. */
    int vcClasses();

    /**
     * Look-ahead: the output port {@code packet} will take at the router that {@code outPort} of
     * {@code router} leads to (first routing candidate there), or -1 when outPort is terminal.
     * Does not change the packet's routing state.
     */
    int nextHopPort(int router, int outPort, PacketView packet);

    /**
     * The output port {@code packet} will take at its source router (first routing candidate),
     * for schemes that queue injected packets by their first hop. Does not change routing state.
     */
    int firstHopPort(int node, PacketView packet);
}
