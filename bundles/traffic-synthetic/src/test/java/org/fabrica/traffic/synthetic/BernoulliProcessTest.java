package org.fabrica.traffic.synthetic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.fabrica.params.Parameters;
import org.fabrica.traffic.InjectionProcess;
import org.fabrica.traffic.OfferedLoad;
import org.junit.jupiter.api.Test;

class BernoulliProcessTest {
    private static InjectionProcess bernoulli(double load, int packetFlits, long stop) {
        return new BernoulliFactory().create(64, new OfferedLoad(load, packetFlits, stop),
                Parameters.defaults(BernoulliParameters.class));
    }

    @Test
    void meanRateMatchesTheLoad() {
        // p = 0.4 / 4 = 0.1 packets per cycle
        InjectionProcess b = bernoulli(0.4, 4, Long.MAX_VALUE);
        SplittableRandom r = new SplittableRandom(3);
        long cycles = 1_000_000;
        long packets = 0;
        long adjacent = 0;
        long previous = -1;
        while (true) {
            long next = b.next(0, previous, r);
            assertTrue(next > previous, "one packet per cycle at most");
            if (next >= cycles) {
                break;
            }
            if (next == previous + 1 && previous >= 0) {
                adjacent++;
            }
            packets++;
            previous = next;
        }
        double rate = (double) packets / cycles;
        assertTrue(Math.abs(rate - 0.1) < 0.003, "rate " + rate);
        // a coin per cycle: after a packet, the next cycle has one with probability p
        double pNextCycle = (double) adjacent / packets;
        assertTrue(Math.abs(pNextCycle - 0.1) < 0.01, "P(gap = 0) " + pNextCycle);
        assertEquals(0.4, b.offeredLoad(10), 0.0);
    }

    @Test
    void stopCycleIsRespected() {
        InjectionProcess b = bernoulli(4.0, 8, 5_000);
        SplittableRandom r = new SplittableRandom(9);
        long previous = -1;
        int packets = 0;
        while (true) {
            long next = b.next(1, previous, r);
            if (next == InjectionProcess.NEVER) {
                break;
            }
            assertTrue(next < 5_000, "generated at " + next);
            packets++;
            previous = next;
        }
        assertTrue(Math.abs(packets - 2_500) < 200, "packets " + packets);
        assertEquals(InjectionProcess.NEVER, b.next(1, 4_999, r));
        assertEquals(0.0, b.offeredLoad(5_000), 0.0);
        assertEquals(4.0, b.offeredLoad(4_999), 0.0);
    }

    @Test
    void extremesAndTheMaximumLoad() {
        SplittableRandom r = new SplittableRandom(1);
        InjectionProcess full = bernoulli(8.0, 8, Long.MAX_VALUE);
        assertEquals(0, full.next(0, -1, r));
        assertEquals(7, full.next(0, 6, r), "p = 1: every cycle");
        assertEquals(InjectionProcess.NEVER, bernoulli(0.0, 8, Long.MAX_VALUE).next(0, -1, r));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> bernoulli(9.0, 8, 100));
        assertTrue(e.getMessage().contains("maximum load is 8"), e.getMessage());
    }
}
