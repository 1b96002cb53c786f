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

    /**
     * Flits in the buffer of VC {@code vc} that output {@code outPort} of {@code router} feeds, as
     * that output counts them by its credits (the buffer's capacity minus the credits held): flits
     * stored downstream, on the link, and those whose credits are still on their way back. What a
     * source-adaptive scheme reads to compare candidate queues.
     *
     * @since 1.1
     */
    default int downstreamFlits(int router, int outPort, int vc) {
        throw new UnsupportedOperationException("this network model does not report buffer occupancy");
    }

    /**
     * Transmit wait of VC {@code vc} at output {@code outPort} of {@code router}: the cycles in which
     * that output VC had a packet ready to send and could not send it for lack of credits (the
     * per-VL counter an InfiniBand port keeps, PortVLXmitWait), counted from the first call that
     * names {@code router} (which therefore answers 0) to the end of the previous cycle. A
     * monotone counter: a scheme compares the increase between two of its readings. What a
     * source-adaptive scheme may read instead of {@link #downstreamFlits}.
     *
     * @since 1.2
     */
    default long transmitWait(int router, int outPort, int vc) {
        throw new UnsupportedOperationException("this network model does not count transmit wait");
    }

    /**
     * The function the hardware model gives VC {@code vc} of every input port ({@code data},
     * {@code unicast}, {@code mixed}, {@code barrier}, ...: the hardware API's
     * {@code VirtualChannel.function}), so that a scheme can keep packets to the VCs meant for them.
     * Network models that know no functions answer {@code data} for every VC.
     *
     * @since 1.3
     */
    default String vcFunction(int vc) {
        if (vc < 0 || vc >= vcs()) {
            throw new IllegalArgumentException("vcFunction: VC " + vc + " does not exist; there are " + vcs());
        }
        return "data";
    }
}
