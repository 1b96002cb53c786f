package org.fabrica.queuing.basic;

import org.fabrica.queuing.QueuingScheme;
import org.fabrica.routing.PacketView;

/**
 * BBQ: {@code queues} horizontal bands of destinations, {@code floor(dest * queues / N)}, in one
 * virtual network; a packet keeps its band's queue at every hop.
 */
final class BbqQueuing implements QueuingScheme {
    private final Bands bands;

    BbqQueuing(Bands bands) {
        this.bands = bands;
    }

    @Override
    public long vcMask(int router, int outPort, int vcClass, PacketView packet) {
        return 1L << bands.vc(0, bands.horizontal(packet.destination()), vcClass);
    }

    @Override
    public long injectionVcMask(int node, PacketView packet) {
        return 1L << bands.vc(0, bands.horizontal(packet.destination()), 0);
    }
}
