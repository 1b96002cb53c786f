package org.fabrica.queuing.basic;

import org.fabrica.queuing.QueuingContext;
import org.fabrica.queuing.QueuingScheme;
import org.fabrica.routing.PacketView;

/**
 * VOQsw: every input buffer keeps one queue (VC) per output port of its router, and a packet
 * waits in the queue of the output it will request there, so a blocked output holds back only the
 * packets that want it (no head-of-line blocking between outputs). At the destination's router the
 * terminal port counts as an output. The output at the next router comes from the routing
 * algorithm by look-ahead ({@link QueuingContext#nextHopPort}); injected packets queue by their
 * first hop ({@link QueuingContext#firstHopPort}).
 */
final class VoqSwitchQueuing implements QueuingScheme {
    private final QueuingContext context;

    VoqSwitchQueuing(QueuingContext context) {
        this.context = context;
    }

    @Override
    public long vcMask(int router, int outPort, int vcClass, PacketView packet) {
        int next = context.nextHopPort(router, outPort, packet);
        // -1: outPort is the terminal port; the end node's buffer has no outputs to separate
        return next < 0 ? 1L : 1L << next;
    }

    @Override
    public long injectionVcMask(int node, PacketView packet) {
        return 1L << context.firstHopPort(node, packet);
    }
}
