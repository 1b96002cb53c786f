package org.fabrica.throttle.spth;

import org.fabrica.routing.PacketView;
import org.fabrica.throttle.Throttle;

/**
 * SPTh (docs/studies/spth.md, "The throttle rule"): a newly injected packet is held back while
 * the VCinfo register of the output port and VC of its first hop shows any busy bit; injection
 * toward other ports and VCs goes on (the network keeps one source queue per first-hop port and
 * asks about each queue's front packet). Transit packets are never asked about.
 */
final class SpthThrottle implements Throttle {
    private final VcInfoRegisters registers;
    private long lastCycle = Long.MIN_VALUE;

    SpthThrottle(VcInfoRegisters registers) {
        this.registers = registers;
    }

    /**
     * Propagates the registers by one hop per elapsed cycle. The network calls this every cycle;
     * if it ever skips cycles (nothing moved, so no buffer changed) the missing hops are applied
     * with the current buffer states, at most L of them since older bits fall off the register.
     * A second call for the same cycle changes nothing. A new throttle (also one swapped into a
     * running simulation) starts with empty registers, as if every buffer had been ready before.
     */
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

    /** L = 0: no register bit exists, so nothing is ever held back. */
    @Override
    public boolean inactive() {
        return registers.length() == 0;
    }

    /** The VCinfo register of (router, output port, VC) in this cycle (for tests and charts). */
    long register(int router, int outPort, int vc) {
        return registers.register(router, outPort, vc);
    }
}
