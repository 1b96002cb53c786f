package org.fabrica.queuing.basic;

import org.fabrica.queuing.QueuingScheme;
import org.fabrica.routing.PacketView;

/** 1VC: one queue per input port; every packet uses VC 0, whatever the hardware offers. */
final class SingleVcQueuing implements QueuingScheme {
    private static final long VC0 = 1L;

    @Override
    public long vcMask(int router, int outPort, int vcClass, PacketView packet) {
        return VC0;
    }

    @Override
    public long injectionVcMask(int node, PacketView packet) {
        return VC0;
    }
}
