package org.fabrica.traffic.synthetic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.SplittableRandom;
import org.fabrica.params.ParameterException;
import org.fabrica.params.Parameters;
import org.fabrica.traffic.InjectionProcess;
import org.fabrica.traffic.OfferedLoad;
import org.junit.jupiter.api.Test;

class RampProcessTest {
    private static InjectionProcess ramp(Map<String, ?> values, int packetFlits, long stopCycle) {
        // the sweep load (0.5 here) must not matter
        return new RampFactory().create(64, new OfferedLoad(0.5, packetFlits, stopCycle),
                Parameters.bind(RampParameters.class, values));
    }

    /** Packets per window of {@code window} cycles, summed over {@code nodes} nodes, each with its own stream. */
    private static long[] count(InjectionProcess ramp, int nodes, long cycles, long window, long seed) {
        long[] perWindow = new long[(int) ((cycles + window - 1) / window)];
        for (int n = 0; n < nodes; n++) {
            SplittableRandom random = new SplittableRandom(seed + n);
            long previous = -1;
            while (true) {
                long next = ramp.next(n, previous, random);
                if (next == InjectionProcess.NEVER) {
                    break;
                }
                assertTrue(next > previous, "at most one packet per node and cycle");
                assertTrue(next < cycles, "generated at " + next + ", after the ramp's end " + cycles);
                perWindow[(int) (next / window)]++;
                previous = next;
            }
        }
        return perWindow;
    }

    /** Asserts each window's count within 5 standard deviations of sum over t of nodes * p(t). */
    private static void assertFollowsTheRamp(long[] perWindow, int nodes, long window, double slope, int packetFlits) {
        for (int w = 0; w < perWindow.length; w++) {
            double mean = 0;
            double variance = 0;
            for (long t = w * window; t < (w + 1) * window; t++) {
                double p = slope * t / packetFlits;
                mean += nodes * p;
                variance += nodes * p * (1 - p);
            }
            double bound = 5 * Math.sqrt(variance) + 1;
            assertTrue(Math.abs(perWindow[w] - mean) <= bound,
                    "window " + w + ": " + perWindow[w] + " packets, expected " + mean + " +- " + bound);
        }
    }

    @Test
    void windowRatesFollowTheRamp() {
        // g rises to 2 flits/node/cycle at cycle 100,000: p up to 0.25 with 8-flit packets
        double slope = 2e-5;
        InjectionProcess ramp = ramp(Map.of("slope", slope, "end", 100_000L), 8, Long.MAX_VALUE);
        long[] perWindow = count(ramp, 32, 100_000, 5_000, 7);
        assertFollowsTheRamp(perWindow, 32, 5_000, slope, 8);
        // the load rises: the last window has many times the packets of the second
        assertTrue(perWindow[19] > 10 * perWindow[1], perWindow[19] + " vs " + perWindow[1]);
        assertEquals(0.0, ramp.offeredLoad(0), 0.0);
        assertEquals(1.0, ramp.offeredLoad(50_000), 1e-12);
        assertEquals(slope * 99_999, ramp.offeredLoad(99_999), 1e-12);
        assertEquals(0.0, ramp.offeredLoad(100_000), 0.0, "the ramp has ended");
    }

    @Test
    void aCoinPerCycle() {
        // at the top of a ramp that reaches p = 1 every cycle carries a packet
        InjectionProcess steep = ramp(Map.of("slope", 1e-3, "end", 1_001L), 1, Long.MAX_VALUE);
        SplittableRandom random = new SplittableRandom(5);
        assertEquals(1_000, steep.next(0, 999, random));
        assertEquals(InjectionProcess.NEVER, steep.next(0, 1_000, random));
        // P(packet in cycle t | packet in cycle t-1) = p(t): adjacent pairs near the top of a ramp to p = 0.5
        InjectionProcess half = ramp(Map.of("slope", 1e-6, "end", 500_001L), 1, Long.MAX_VALUE);
        long previous = -1;
        long packets = 0;
        long adjacent = 0;
        long from = 400_000;
        while (true) {
            long next = half.next(0, previous, random);
            if (next == InjectionProcess.NEVER) {
                break;
            }
            if (next > from) {
                packets++;
                if (next == previous + 1) {
                    adjacent++;
                }
            }
            previous = next;
        }
        // mean p over (400,000, 500,000] is 0.45
        double share = (double) adjacent / packets;
        assertTrue(Math.abs(share - 0.45) < 0.01, "P(gap = 0) " + share);
    }

    @Test
    void theStopCycleEndsTheRampEarly() {
        double slope = 2e-5;
        InjectionProcess ramp = ramp(Map.of("slope", slope, "end", 100_000L), 8, 30_000);
        long[] perWindow = count(ramp, 32, 30_000, 5_000, 11);
        assertFollowsTheRamp(perWindow, 32, 5_000, slope, 8);
        assertEquals(InjectionProcess.NEVER, ramp.next(0, 29_999, new SplittableRandom(1)));
        assertEquals(0.0, ramp.offeredLoad(30_000), 0.0);
        assertEquals(slope * 29_999, ramp.offeredLoad(29_999), 1e-12);
    }

    @Test
    void theDefaultRampReaches0_275Over2_75MillionCycles() {
        RampParameters defaults = Parameters.defaults(RampParameters.class);
        assertEquals(1e-7, defaults.slope(), 0.0);
        assertEquals(2_750_000L, defaults.end());
        InjectionProcess ramp = ramp(Map.of(), 8, Long.MAX_VALUE);
        assertEquals(0.275, ramp.offeredLoad(2_750_000 - 1), 1e-6);
        assertEquals(0.0, ramp.offeredLoad(2_750_000), 0.0);
        // over the whole ramp a node offers sum(g(t)) / 8 = 1e-7 / 8 * (n - 1) n / 2 packets
        long[] perWindow = count(ramp, 4, 2_750_000, 275_000, 3);
        assertFollowsTheRamp(perWindow, 4, 275_000, 1e-7, 8);
    }

    @Test
    void badParametersAreRejected() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ramp(Map.of("slope", 1e-4, "end", 100_000L), 8, Long.MAX_VALUE));
        assertTrue(e.getMessage().contains("lower the slope"), e.getMessage());
        assertThrows(ParameterException.class, () -> ramp(Map.of("slope", -1.0), 8, Long.MAX_VALUE));
        assertThrows(ParameterException.class, () -> ramp(Map.of("end", 0), 8, Long.MAX_VALUE));
        InjectionProcess flat = ramp(Map.of("slope", 0.0), 8, Long.MAX_VALUE);
        assertEquals(InjectionProcess.NEVER, flat.next(0, -1, new SplittableRandom(1)));
    }
}
