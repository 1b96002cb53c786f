package org.fabrica.traffic.trace;

import java.util.Arrays;

/**
 * The code of every packet of a replay by packet id ({@link TraceReplay}: message x 4 + kind, or a
 * broadcast's code): an int per id, grown by doubling, so 4 bytes per packet of the run.
 */
final class PacketCodes {
    private static final long MAX = Integer.MAX_VALUE - 8;
    private int[] code = new int[1024];

    /** Packet {@code packet} has {@code c}. */
    void set(long packet, int c) {
        if (packet >= code.length) {
            if (packet >= MAX) {
                throw new IllegalStateException("trace replay: more than " + MAX
                        + " packets in one run; replay fewer copies or larger packets");
            }
            code = Arrays.copyOf(code, (int) Math.min(MAX, Math.max(packet + 1, 2L * code.length)));
        }
        code[(int) packet] = c;
    }

    /** The code of packet {@code packet} (set before). */
    int get(long packet) {
        return code[(int) packet];
    }
}
