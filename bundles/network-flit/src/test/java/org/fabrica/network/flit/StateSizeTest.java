package org.fabrica.network.flit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Sizes worked out before allocation: counts, the parameter to change, the heap. */
class StateSizeTest {
    private static final long GB = 1L << 30;

    @Test
    void countsFollowTheTopologyAndTheBuffers() {
        // a ring of 8 routers: 3 ports each (terminal, plus, minus), 2 VCs of 8 flits
        StateSize s = StateSize.check(new Fixtures.Ring(8), new int[] {8, 8}, false, 2, 4, 3, GB);
        assertEquals(8, s.routers);
        assertEquals(24, s.ports);
        assertEquals(48, s.inputVcs);
        assertEquals(48, s.queues);
        assertEquals(6, s.maxCandidates);
        assertEquals(48 * 8, s.flitSlots);
        // FIFO of small VCs: per VC the arrivals counter and a packet and an arrival cycle per slot
        assertEquals(48 * (1 + 2 * 8), s.bufferInts);
        // deep VCs: per VC the two counters, 4 arrival cycles (a 3-cycle delay) and 17 runs of 4-flit packets
        StateSize deep = StateSize.check(new Fixtures.Ring(8), new int[] {64, 64}, false, 2, 4, 3, GB);
        assertEquals(48 * (2 + 4 + 2 * 17), deep.bufferInts);
        // VOQ: one queue per input VC and output of its router (3 ports); per VC the two counters, the 4 arrival cycles and
        // a pool of 6 runs of four ints (two whole 4-flit packets, a partial one per queue, one arriving)
        StateSize voq = StateSize.check(new Fixtures.Ring(8), new int[] {8, 8}, true, 2, 4, 3, GB);
        assertEquals(144, voq.queues);
        assertEquals(48 * (2 + 4 + 4 * 6), voq.bufferInts);
        assertTrue(voq.bytes > s.bytes);
        // more VC classes mean more route candidates per FIFO queue, none per VOQ queue (one output each)
        assertTrue(StateSize.check(new Fixtures.Ring(8), new int[] {8, 8}, false, 4, 4, 3, GB).bytes > s.bytes);
        assertEquals(voq.bytes, StateSize.check(new Fixtures.Ring(8), new int[] {8, 8}, true, 4, 4, 3, GB).bytes);
    }

    @Test
    void aBufferTooLargeForAnArrayNamesBufferFlits() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> StateSize.check(new Fixtures.Ring(8), new int[] {Integer.MAX_VALUE, 8}, false, 2, 1, 3, 64 * GB));
        assertTrue(e.getMessage().contains("8 routers, 24 ports, 8 nodes: the VC buffers hold "), e.getMessage());
        assertTrue(e.getMessage().contains("lower bufferFlits (or bufferBytes) of the hardware model"), e.getMessage());
    }

    @Test
    void aNetworkLargerThanTheHeapStatesTheEstimateTheHeapAndTheFix() {
        // 4,096 routers with 64-flit buffers and 1-flit packets (a run per flit): about 40 MB of state, refused in a 16 MB heap, accepted in 1 GB
        Fixtures.Ring big = new Fixtures.Ring(4096);
        StateSize fits = StateSize.check(big, new int[] {64, 64, 64, 64}, false, 2, 1, 3, GB);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> StateSize.check(big, new int[] {64, 64, 64, 64}, false, 2, 1, 3, 16L << 20));
        String m = e.getMessage();
        assertTrue(m.contains("needs at least " + StateSize.mb(fits.bytes) + " MB"), m);
        assertTrue(m.contains("(at most 16 MB"), m);
        assertTrue(m.contains("FABRICA_JAVA_OPTS=-Xmx1g"), m);
    }
}
