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

class CollectiveProcessTest {
    private static InjectionProcess collective(int nodes, Map<String, ?> values, long stopCycle) {
        return new CollectiveFactory().create(nodes, new OfferedLoad(0.3, 8, stopCycle),
                Parameters.bind(CollectiveParameters.class, values));
    }

    @Test
    void everyNodeGeneratesExactlyKPacketsAtCycle0ThenNever() {
        int nodes = 16;
        for (int k : new int[] {1, 10, 37}) {
            InjectionProcess c = collective(nodes, k == 10 ? Map.of() : Map.of("packets", k), Long.MAX_VALUE);
            SplittableRandom random = new SplittableRandom(1);
            int[] generated = new int[nodes];
            long[] pending = new long[nodes];
            // the network asks once per node before the first packet, then once per packet, nodes interleaved
            for (int n = 0; n < nodes; n++) {
                pending[n] = c.next(n, -1, random);
            }
            boolean any = true;
            while (any) {
                any = false;
                for (int n = nodes - 1; n >= 0; n--) {
                    if (pending[n] != InjectionProcess.NEVER) {
                        assertEquals(0, pending[n], "node " + n);
                        generated[n]++;
                        pending[n] = c.next(n, pending[n], random);
                        any = true;
                    }
                }
            }
            for (int n = 0; n < nodes; n++) {
                assertEquals(k, generated[n], "node " + n + " with K = " + k);
                assertEquals(InjectionProcess.NEVER, c.next(n, 0, random), "nothing after the burst");
                assertEquals(InjectionProcess.NEVER, c.next(n, 1_000, random), "nothing after the burst");
            }
            assertEquals(0.0, c.offeredLoad(0), 0.0);
            assertEquals(0.0, c.offeredLoad(500), 0.0);
        }
    }

    @Test
    void aStartSpreadStartsEachNodesWholeBurstAtOneCycleOfItsOwnWithinTheSpread() {
        int nodes = 64;
        InjectionProcess c = collective(nodes, Map.of("packets", 3, "startSpread", 40), Long.MAX_VALUE);
        java.util.Set<Long> starts = new java.util.HashSet<>();
        for (int n = 0; n < nodes; n++) {
            SplittableRandom random = new SplittableRandom(100 + n);
            long first = c.next(n, -1, random);
            assertTrue(first >= 0 && first <= 40, "node " + n + " starts at " + first);
            assertEquals(new SplittableRandom(100 + n).nextLong(41), first, "one draw from the node's own stream");
            assertEquals(first, c.next(n, first, random), "the burst's packets share the cycle");
            assertEquals(first, c.next(n, first, random));
            assertEquals(InjectionProcess.NEVER, c.next(n, first, random), "three packets, then nothing");
            starts.add(first);
        }
        assertTrue(starts.size() > 20, "64 nodes spread over 41 cycles: " + starts.size() + " distinct starts");
        // spread 0 draws nothing: the stream is left as it was for the pattern's draws
        InjectionProcess burst = collective(4, Map.of("packets", 2), Long.MAX_VALUE);
        SplittableRandom untouched = new SplittableRandom(7);
        assertEquals(0, burst.next(1, -1, untouched));
        assertEquals(new SplittableRandom(7).nextLong(), untouched.nextLong());
    }

    @Test
    void defaultsAndLimits() {
        assertEquals(10, Parameters.defaults(CollectiveParameters.class).packets());
        assertThrows(ParameterException.class, () -> collective(4, Map.of("packets", 0), Long.MAX_VALUE));
        assertThrows(ParameterException.class, () -> collective(4, Map.of("startSpread", -1), Long.MAX_VALUE));
        assertEquals(0, Parameters.defaults(CollectiveParameters.class).startSpread());
        InjectionProcess stopped = collective(4, Map.of(), 0);
        assertEquals(InjectionProcess.NEVER, stopped.next(2, -1, new SplittableRandom(1)), "stop cycle 0: nothing");
    }
}
