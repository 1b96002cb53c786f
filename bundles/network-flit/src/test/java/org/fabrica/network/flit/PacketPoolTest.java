package org.fabrica.network.flit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import org.junit.jupiter.api.Test;

/**
 * {@link PacketPool}'s bounds of packet length, which decide when a returned credit may complete a
 * waiting head's room under cut-through ({@link Links}): they follow every packet allocated, across
 * the pool's growth, and never move back when packets leave.
 */
class PacketPoolTest {
    @Test
    void shortestAndLongestFollowEveryPacketAllocatedAndStayWhenTheyLeave() {
        PacketPool pool = new PacketPool(16);
        assertEquals(Integer.MAX_VALUE, pool.shortest());
        assertEquals(0, pool.longest());
        int a = pool.allocate(1, 0, 1, 4, 0);
        assertEquals(4, pool.shortest());
        assertEquals(4, pool.longest());
        int b = pool.allocate(2, 0, 1, 64, 0);
        int c = pool.allocate(3, 0, 1, 2, 0);
        assertEquals(2, pool.shortest());
        assertEquals(64, pool.longest());
        pool.release(b);
        pool.release(c);
        assertEquals(2, pool.shortest(), "a packet that left still bounds what a parked head may need");
        assertEquals(64, pool.longest());
        // past the first capacity the pool grows; the bounds carry on
        for (int i = 0; i < 40; i++) {
            assertNotEquals(a, pool.allocate(10 + i, 1, 0, 8, 1));
        }
        pool.allocate(99, 1, 0, 80, 2);
        assertEquals(80, pool.longest());
        assertEquals(2, pool.shortest());
    }
}
