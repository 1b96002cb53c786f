package org.fabrica.traffic.trace;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The message protocol on its own: packets posted and completions, without a network. */
class MessageProtocolTest {
    /** 128-byte packets, eager up to 512 bytes. */
    private static final ReplayParameters PARAMETERS = new ReplayParameters(128, 512, 1.0, 1.0);

    /** Rank 0 sends message 0 (of {@code bytes}) to rank 1; two copies of the trace. */
    private static MessageProtocol protocol(long bytes, boolean[] dirty) {
        Trace trace = TraceReader.parse("fabrica-trace version 1 ranks 2\n0 send 1 " + bytes + " 0\n1 recv 0 " + bytes
                + " 0\n", "t");
        return new MessageProtocol(CompiledTrace.of(trace), 2, 4, PARAMETERS, dirty);
    }

    /** The packets rank g has posted, in order, as {code, code, ...} (one entry per packet). */
    private static int[] taken(MessageProtocol p, int g) {
        int[] codes = new int[64];
        int n = 0;
        while (!p.out.isEmpty(g)) {
            codes[n++] = p.out.take(g);
        }
        return java.util.Arrays.copyOf(codes, n);
    }

    @Test
    void anEagerSendPostsItsPacketsAndCompletesAtOnce() {
        boolean[] dirty = new boolean[4];
        MessageProtocol p = protocol(300, dirty); // 3 packets
        int gm = 1; // copy 1's message 0: ranks 2 -> 3
        p.postSend(2, gm, 10);
        assertEquals(10, p.sendComplete[gm]);
        assertArrayEquals(new int[] {gm * 4 + MessageProtocol.EAGER, gm * 4, gm * 4}, taken(p, 2));
        p.postReceive(3, gm, 12);
        assertEquals(0, taken(p, 3).length, "an eager receive posts nothing");
        p.delivered(gm * 4, 40);
        p.delivered(gm * 4, 41);
        assertEquals(-1, p.dataComplete[gm]);
        assertFalse(dirty[3]);
        p.delivered(gm * 4, 42);
        assertEquals(42, p.dataComplete[gm]);
        assertTrue(dirty[3], "the receiver has news");
        assertEquals(-1, p.dataComplete[0], "copy 0's message untouched");
        assertArrayEquals(new long[] {32}, p.latencies());
    }

    @Test
    void aRendezvousSendWaitsForTheClearToSendAndItsDataBeforeCompleting() {
        boolean[] dirty = new boolean[4];
        MessageProtocol p = protocol(1000, dirty); // 8 packets
        p.postSend(0, 0, 5);
        assertArrayEquals(new int[] {MessageProtocol.REQUEST}, taken(p, 0));
        assertEquals(-1, p.sendComplete[0]);
        // the request arrives before the receive is posted: nothing to answer yet
        p.delivered(MessageProtocol.REQUEST, 30);
        assertEquals(30, p.requestArrived[0]);
        assertEquals(0, taken(p, 1).length);
        p.postReceive(1, 0, 50);
        assertArrayEquals(new int[] {MessageProtocol.CLEAR}, taken(p, 1), "the receive answers at once");
        // the clear to send reaches the sender: data waits until it is inside the library
        p.delivered(MessageProtocol.CLEAR, 80);
        assertTrue(dirty[0]);
        assertEquals(0, taken(p, 0).length);
        p.flushPending(0, 90);
        assertEquals(8, taken(p, 0).length);
        for (int k = 0; k < 8; k++) {
            p.delivered(MessageProtocol.DATA, 100 + k);
        }
        assertEquals(107, p.dataComplete[0]);
        assertEquals(107, p.sendComplete[0], "the send completes with its data's delivery");
        assertArrayEquals(new long[] {102}, p.latencies());
    }

    @Test
    void aWaitIsMetByItsLatestConditionAndSaysWhetherThatWasASend() {
        boolean[] dirty = new boolean[4];
        MessageProtocol p = protocol(100, dirty);
        // rank 1's receive (event 0) waits for message 0's data
        assertEquals(-1, p.met(1, 0, 0));
        p.postSend(0, 0, 3);
        p.delivered(MessageProtocol.EAGER, 25);
        assertEquals(25, p.met(1, 0, 0));
        assertFalse(p.lastMetBySend);
        // rank 0's send (event 0) was met when it was posted (eager)
        assertEquals(3, p.met(0, 0, 0));
        assertTrue(p.lastMetBySend);
    }
}
