package org.fabrica.network;

/**
 * When a run ends and when it is declared deadlocked.
 *
 * @param maxCycles the run ends at this cycle even if packets are still in flight (saturation)
 * @param deadlockCycles packets in flight and no flit moved for this many cycles = deadlock
 */
public record RunLimits(long maxCycles, long deadlockCycles) {
    public RunLimits {
        if (maxCycles < 1) {
            throw new IllegalArgumentException("maxCycles = " + maxCycles + "; use >= 1");
        }
        if (deadlockCycles < 1) {
            throw new IllegalArgumentException("deadlockCycles = " + deadlockCycles + "; use >= 1");
        }
    }
}
