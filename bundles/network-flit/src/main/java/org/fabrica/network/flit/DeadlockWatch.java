package org.fabrica.network.flit;

import java.util.BitSet;
import org.fabrica.kernel.SimulationException;

/**
 * Looks for a deadlock in part of the network while other packets still move (the cycle loop's
 * watchdog sees only a network where nothing moves). Every {@code period} cycles it notes each
 * buffered queue's front packet and flit count; a queue with the same front and count at the next
 * look is stale, and the stale queues go to {@link WaitForGraph#partial}. Cold path: one comparison
 * per cycle in the loop, the arrays allocated at the first look.
 */
final class DeadlockWatch {
    /** The shortest period between looks (a look walks every queue). */
    static final long MIN_PERIOD = 1024;

    private final FlitNetwork net;
    private final long period;
    private long next;
    private long[] frontId;
    private int[] count;

    DeadlockWatch(FlitNetwork net, long period) {
        this.net = net;
        this.period = Math.max(1, period);
        this.next = this.period;
    }

    /** True when a look is due at cycle {@code t} (the loop's only cost). */
    boolean due(long t) {
        return t >= next;
    }

    /** Looks at the queues; throws the deadlock when part of the network waits only on itself. */
    void look(long t) {
        next = t + period;
        int total = net.wiring.totalQueues();
        if (frontId == null) {
            frontId = new long[total];
            count = new int[total];
            java.util.Arrays.fill(frontId, -1);
        }
        BitSet stale = new BitSet();
        for (int q = 0; q < total; q++) {
            int c = net.inputs.count(q);
            long id = c == 0 ? -1 : net.pool.id[net.inputs.frontSlot(q)];
            if (c > 0 && id == frontId[q] && c == count[q]) {
                stale.set(q);
            }
            frontId[q] = id;
            count[q] = c;
        }
        if (!stale.isEmpty()) {
            SimulationException e = new WaitForGraph(net).partial(t, stale);
            if (e != null) {
                throw e;
            }
        }
    }
}
