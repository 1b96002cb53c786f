package org.fabrica.throttle.spth;

import org.fabrica.routing.PacketView;
import org.fabrica.throttle.Throttle;
import org.fabrica.throttle.ThrottleContext;
import org.fabrica.topology.CartesianTopology;

/**
 * Test-scope reference throttle: the straightforward SPTh (the implementation before the
 * incremental one), driving {@link ReferenceVcInfoRegisters} with the same cycle rule as
 * {@link SpthThrottle}. Differential and end-to-end tests compare the two bit for bit.
 */
final class ReferenceSpthThrottle implements Throttle {
    private final ReferenceVcInfoRegisters registers;
    private long lastCycle = Long.MIN_VALUE;

    ReferenceSpthThrottle(ThrottleContext context, SpthParameters parameters) {
        CartesianTopology cube = (CartesianTopology) context.topology();
        int length = parameters.length() == -1 ? SpthThrottleFactory.defaultLength(cube) : parameters.length();
        registers = new ReferenceVcInfoRegisters(context, cube, length, parameters.margin(),
                parameters.busySource() == SpthParameters.BusySource.CREDITS);
    }

    @Override
    public void cycle(long now) {
        if (now <= lastCycle) {
            return;
        }
        long steps = lastCycle == Long.MIN_VALUE ? 1 : Math.min(now - lastCycle, Math.max(1, registers.length()));
        lastCycle = now;
        for (long i = 0; i < steps; i++) {
            registers.propagate();
        }
    }

    @Override
    public boolean admit(int router, int outPort, int vc, PacketView packet, long now) {
        return registers.register(router, outPort, vc) == 0;
    }

    @Override
    public boolean inactive() {
        return registers.length() == 0;
    }

    long register(int router, int outPort, int vc) {
        return registers.register(router, outPort, vc);
    }
}
