package org.fabrica.throttle.none;

import org.fabrica.routing.PacketView;
import org.fabrica.throttle.Throttle;

/** Admits every packet; {@link #inactive()} lets the network skip the calls altogether. */
final class NoThrottle implements Throttle {
    @Override
    public void cycle(long now) {
        // no state to update
    }

    @Override
    public boolean admit(int router, int outPort, int vc, PacketView packet, long now) {
        return true;
    }

    @Override
    public boolean inactive() {
        return true;
    }
}
