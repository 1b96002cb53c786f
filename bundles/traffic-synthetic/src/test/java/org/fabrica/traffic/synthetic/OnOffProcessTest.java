package org.fabrica.traffic.synthetic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.SplittableRandom;
import org.fabrica.params.Parameters;
import org.fabrica.traffic.InjectionProcess;
import org.fabrica.traffic.OfferedLoad;
import org.junit.jupiter.api.Test;

class OnOffProcessTest {
    private static InjectionProcess onOff(double load, int packetFlits, long stop, double burst, double peak) {
        return new OnOffFactory().create(16, new OfferedLoad(load, packetFlits, stop),
                Parameters.bind(OnOffParameters.class, Map.of("burst", burst, "peakLoad", peak)));
    }

    /** Packets, runs of back-to-back packet cycles and the squared run lengths of node 3 over {@code cycles}. */
    private static long[] runs(InjectionProcess p, long cycles, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        long packets = 0;
        long runs = 0;
        long singles = 0;
        long run = 0;
        long previous = -1;
        while (true) {
            long next = p.next(3, previous, r);
            assertTrue(next > previous, "one packet per cycle at most");
            if (next >= cycles) {
                break;
            }
            packets++;
            if (previous >= 0 && next == previous + 1) {
                run++;
            } else {
                if (run == 1) {
                    singles++;
                }
                runs += previous >= 0 ? 1 : 0;
                run = 1;
            }
            previous = next;
        }
        return new long[] {packets, runs, singles};
    }

    @Test
    void backToBackBurstsHaveTheMeanRateAndGeometricLengthsOfTheMeanBurst() {
        // 4-flit packets at a peak of one packet per cycle: bursts are runs of consecutive cycles
        long cycles = 4_000_000;
        InjectionProcess p = onOff(0.8, 4, Long.MAX_VALUE, 8, 0);
        long[] s = runs(p, cycles, 11);
        double rate = (double) s[0] / cycles;
        assertEquals(0.2, rate, 0.006, "packets per cycle = load / packet length");
        double meanRun = (double) s[0] / s[1];
        assertEquals(8.0, meanRun, 0.25, "mean burst");
        // an on period ends after each cycle with probability beta = 1/8: P(length 1) = 1/8
        assertEquals(0.125, (double) s[2] / s[1], 0.01, "P(burst of one packet)");
        assertEquals(0.8, p.offeredLoad(0), 0.0);
    }

    @Test
    void aLowerPeakKeepsTheMeanRateAndBurstOneIsNearlyBernoulli() {
        long cycles = 4_000_000;
        InjectionProcess half = onOff(0.6, 4, Long.MAX_VALUE, 16, 2.0); // on: a packet every other cycle
        assertEquals(0.15, (double) runs(half, cycles, 5)[0] / cycles, 0.005);
        // burst 1 at one packet per cycle: beta = 1, every on period lasts one cycle and every off
        // period at least one, so no two packets are back to back
        long[] b = runs(onOff(0.4, 4, Long.MAX_VALUE, 1, 0), cycles, 7);
        assertEquals(0.1, (double) b[0] / cycles, 0.004);
        assertEquals(b[1], b[2], "with burst 1 at one packet per cycle every burst is one packet");
    }

    @Test
    void burstierTrafficHasTheSameMeanButLargerVarianceOverWindows() {
        // packets per 100-cycle window: Bernoulli's variance is about n p (1 - p); on/off's is far larger
        double bernoulli = windowVariance(new BernoulliFactory().create(16, new OfferedLoad(0.8, 4, Long.MAX_VALUE),
                Parameters.defaults(BernoulliParameters.class)));
        double bursty = windowVariance(onOff(0.8, 4, Long.MAX_VALUE, 32, 0));
        assertEquals(100 * 0.2 * 0.8, bernoulli, 2.0);
        assertTrue(bursty > 5 * bernoulli, "on/off variance " + bursty + " against Bernoulli " + bernoulli);
    }

    private static double windowVariance(InjectionProcess p) {
        SplittableRandom r = new SplittableRandom(2);
        int windows = 20_000;
        long[] count = new long[windows];
        long previous = -1;
        while (true) {
            long next = p.next(0, previous, r);
            if (next >= 100L * windows) {
                break;
            }
            count[(int) (next / 100)]++;
            previous = next;
        }
        double mean = 0;
        for (long c : count) {
            mean += c;
        }
        mean /= windows;
        double var = 0;
        for (long c : count) {
            var += (c - mean) * (c - mean);
        }
        assertEquals(20.0, mean, 1.5, "mean packets per window");
        return var / (windows - 1);
    }

    @Test
    void stopCycleAndNodesOfTheirOwn() {
        InjectionProcess p = onOff(0.5, 1, 10_000, 4, 0);
        SplittableRandom r = new SplittableRandom(3);
        long previous = -1;
        int packets = 0;
        while (true) {
            long next = p.next(0, previous, r);
            if (next == InjectionProcess.NEVER) {
                break;
            }
            assertTrue(next < 10_000, "generated at " + next);
            packets++;
            previous = next;
        }
        assertTrue(Math.abs(packets - 5_000) < 600, "packets " + packets);
        assertEquals(0.0, p.offeredLoad(10_000), 0.0);
        assertEquals(InjectionProcess.NEVER, onOff(0.0, 4, Long.MAX_VALUE, 8, 0).next(0, -1, r));
    }

    @Test
    void loadsTheChainCannotReachAndBadParametersAreRefused() {
        // burst 4 at one packet per cycle: beta = 1/4, at most 4 / (1 + 1/4) = 3.2 flits/node/cycle with 4-flit packets
        onOff(3.2, 4, 100, 4, 0);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> onOff(3.3, 4, 100, 4, 0));
        assertTrue(e.getMessage().contains("reaches at most 3.200 flits/node/cycle on average"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> onOff(0.5, 4, 100, 4, 5));
        assertTrue(e.getMessage().contains("use 0 < peakLoad <= 4"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> onOff(0.5, 4, 100, 0.5, 0));
        assertTrue(e.getMessage().contains("parameter 'burst' = 0.5 is out of range; use a value >= 1"), e.getMessage());
    }
}
