package org.fabrica.queuing.basic;

import org.fabrica.queuing.QueuingScheme;
import org.fabrica.routing.PacketView;

/**
 * Function-separated VCs (the Dawning 5000 switch: 2 unicast VCs, 1 mixed unicast/multicast VC,
 * 1 barrier VC): a packet may occupy only the VCs whose function is meant for its class
 * ({@code PacketView.packetClass}): unicast packets the unicast functions, a collective engine's
 * barrier and multicast packets theirs; the same mask at every hop and at injection.
 */
final class FunctionQueuing implements QueuingScheme {
    private final long unicast;
    private final long barrier;
    private final long multicast;

    FunctionQueuing(long unicast, long barrier, long multicast) {
        this.unicast = unicast;
        this.barrier = barrier;
        this.multicast = multicast;
    }

    private long of(PacketView packet) {
        int c = packet.packetClass();
        return c == PacketView.UNICAST ? unicast : c == PacketView.BARRIER ? barrier : multicast;
    }

    @Override
    public long vcMask(int router, int outPort, int vcClass, PacketView packet) {
        return of(packet);
    }

    @Override
    public long injectionVcMask(int node, PacketView packet) {
        return of(packet);
    }
}
