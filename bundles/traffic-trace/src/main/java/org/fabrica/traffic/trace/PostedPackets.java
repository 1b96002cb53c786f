package org.fabrica.traffic.trace;

/**
 * The packets each rank has posted and the network has not taken yet: per rank a FIFO ring of
 * (posting cycle, packet code, packets left), the network taking one packet per question
 * ({@link TraceReplay}'s destination). Rings grow by doubling; nothing is allocated while a rank
 * stays within its peak.
 */
final class PostedPackets {
    private final long[][] time;
    private final int[][] code;
    private final long[][] left;
    private final int[] head;
    private final int[] tail;

    PostedPackets(int ranks) {
        time = new long[ranks][4];
        code = new int[ranks][4];
        left = new long[ranks][4];
        head = new int[ranks];
        tail = new int[ranks];
    }

    boolean isEmpty(int g) {
        return head[g] == tail[g];
    }

    /** The posting cycle of rank g's first waiting entry, or {@code otherwise} when none waits. */
    long firstCycle(int g, long otherwise) {
        return head[g] != tail[g] ? time[g][head[g] & (time[g].length - 1)] : otherwise;
    }

    /** Takes one packet of rank g's first entry (only when not empty) and returns its code. */
    int take(int g) {
        int slot = head[g] & (time[g].length - 1);
        int c = code[g][slot];
        if (--left[g][slot] == 0) {
            head[g]++;
        }
        return c;
    }

    /** Rank g posts {@code count} packets of {@code c} in cycle {@code t}. */
    void post(int g, long t, int c, long count) {
        int size = time[g].length;
        if (tail[g] - head[g] == size) {
            long[] ts = new long[size * 2];
            int[] cs = new int[size * 2];
            long[] ls = new long[size * 2];
            for (int k = 0; k < size; k++) {
                int from = (head[g] + k) & (size - 1);
                ts[k] = time[g][from];
                cs[k] = code[g][from];
                ls[k] = left[g][from];
            }
            time[g] = ts;
            code[g] = cs;
            left[g] = ls;
            tail[g] = size;
            head[g] = 0;
            size *= 2;
        }
        int slot = tail[g]++ & (size - 1);
        time[g][slot] = t;
        code[g][slot] = c;
        left[g][slot] = count;
    }
}
