package org.fabrica.queuing;

import org.fabrica.routing.PacketView;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * Maps a packet to the virtual channels it may occupy. Hot path: no allocation. VCs are given
 * as a bit mask over 0 .. vcs-1 (at most 64 VCs per port).
 */
@ConsumerType
public interface QueuingScheme {
    /**
     * VCs of the input buffer that {@code outPort} of {@code router} feeds which {@code packet}
     * may occupy after leaving with VC class {@code vcClass}. Must be non-zero.
     */
    long vcMask(int router, int outPort, int vcClass, PacketView packet);

    /** VCs of the source router's terminal input buffer a newly generated packet may occupy. */
    long injectionVcMask(int node, PacketView packet);

    /**
     * The virtual network of a packet generated at {@code node}, chosen once per packet before its
     * injection VCs are asked for: when it reaches the front of a single source queue, or when it
     * is queued if the network interface keeps one queue per VC or per first hop. The network
     * stores it with the packet ({@code PacketView.virtualNetwork}) for routing and for the later
     * calls of this scheme. {@code packet.virtualNetwork()} is 0 when the call starts; the scheme
     * may set it to try each candidate network (e.g. to ask {@code QueuingContext.firstHopPort}
     * where the packet would go in it): the network sets the returned one after the call. Default:
     * 0 (one virtual network).
     *
     * @since 1.1
     */
    default int virtualNetwork(int node, PacketView packet) {
        return 0;
    }
}
