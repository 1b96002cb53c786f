package org.fabrica.queuing.basic;

import org.fabrica.queuing.QueuingScheme;
import org.fabrica.routing.PacketView;

/**
 * Function-separated VCs (the Dawning 5000 switch: 2 unicast VCs, 1 mixed unicast/multicast VC,
 * 1 barrier VC): a packet may occupy only the VCs whose function is meant for its class. Every
 * packet is unicast today (the collective engine that sends multicast and barrier packets is not
 * built), so the mask is that of the unicast functions, at every hop and at injection.
 */
final class FunctionQueuing implements QueuingScheme {
    private final long unicast;

    FunctionQueuing(long unicast) {
        this.unicast = unicast;
    }

    @Override
    public long vcMask(int router, int outPort, int vcClass, PacketView packet) {
        return unicast;
    }

    @Override
    public long injectionVcMask(int node, PacketView packet) {
        return unicast;
    }
}
