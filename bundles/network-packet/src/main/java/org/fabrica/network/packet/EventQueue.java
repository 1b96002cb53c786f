package org.fabrica.network.packet;

import java.util.Arrays;

/**
 * The model's future events: a timing wheel of one slot per cycle over the next {@code span}
 * cycles, each slot a list per kind, and a min-heap of primitive keys for events beyond the wheel
 * (moved onto it as the clock comes near). Events of one cycle are taken kind by kind (deliveries,
 * then network interfaces, then heads and VCs, as the flit model orders a cycle), each kind in the
 * order it was added, so the run is deterministic. Adding and taking cost O(1) on the wheel;
 * nothing is allocated once the lists have grown to the run's largest.
 */
final class EventQueue {
    static final int DELIVER = 0;
    static final int INTERFACE = 1;
    /** A head of an input VC looks again (subject: its global input VC); its router's turn follows. */
    static final int HEAD = 2;
    /** An output VC may be free for a packet (subject: the global output VC): the heads waiting for it are due. */
    static final int VC_FREE = 3;
    static final int KINDS = 4;
    static final int SUBJECT_BITS = 24;
    static final int KIND_BITS = 2;
    static final long SUBJECT_MASK = (1L << SUBJECT_BITS) - 1;
    /** The latest cycle a key can hold. */
    static final long MAX_CYCLE = (1L << (63 - SUBJECT_BITS - KIND_BITS)) - 1;

    private final int span;
    private final int mask;
    /** Per slot and kind: the subjects due, and their count. */
    private final int[][] lists;
    private final int[] counts;
    /** Events on the wheel, all slots together. */
    private long onWheel;
    /** The cycle the wheel's window starts at: slots hold cycles [base, base + span). */
    private long base;
    // beyond the wheel: (cycle << (SUBJECT_BITS + KIND_BITS)) | (kind << SUBJECT_BITS) | subject
    private long[] far = new long[64];
    private int farSize;

    /** @param horizon cycles ahead most events fall within (rounded up to a power of two) */
    EventQueue(int horizon) {
        int s = Integer.highestOneBit(Math.max(64, horizon - 1)) << 1;
        this.span = s;
        this.mask = s - 1;
        this.lists = new int[s * KINDS][];
        this.counts = new int[s * KINDS];
    }

    /** Checks that {@code count} subjects fit in a key. */
    static void requireSubjects(String what, long count) {
        if (count > SUBJECT_MASK + 1) {
            throw new IllegalArgumentException("the packet model numbers at most " + (SUBJECT_MASK + 1) + " " + what
                    + "; this network has " + count + ": use the flit model");
        }
    }

    void add(long cycle, int kind, int subject) {
        if (cycle < base) {
            throw new IllegalStateException("an event at cycle " + cycle + " added after the clock passed it (" + base + ")");
        }
        if (cycle - base < span) {
            put(cycle, kind, subject);
        } else {
            addFar((cycle << (SUBJECT_BITS + KIND_BITS)) | ((long) kind << SUBJECT_BITS) | subject);
        }
    }

    private void put(long cycle, int kind, int subject) {
        int i = ((int) cycle & mask) * KINDS + kind;
        int[] l = lists[i];
        int n = counts[i];
        if (l == null) {
            l = lists[i] = new int[8];
        } else if (n == l.length) {
            l = lists[i] = Arrays.copyOf(l, n * 2);
        }
        l[n] = subject;
        counts[i] = n + 1;
        onWheel++;
    }

    /**
     * Moves the wheel's window to start at {@code cycle} (the clock), bringing the far events that
     * now fall within it onto the wheel. Cycles before it must have been taken.
     */
    void advanceTo(long cycle) {
        base = cycle;
        while (farSize > 0 && (far[0] >>> (SUBJECT_BITS + KIND_BITS)) - base < span) {
            long key = far[0];
            removeFar();
            put(key >>> (SUBJECT_BITS + KIND_BITS), (int) (key >>> SUBJECT_BITS) & ((1 << KIND_BITS) - 1),
                    (int) (key & SUBJECT_MASK));
        }
    }

    /** Events of {@code kind} due in {@code cycle} (the clock), added so far; read with {@link #subject}. */
    int count(long cycle, int kind) {
        return counts[((int) cycle & mask) * KINDS + kind];
    }

    int subject(long cycle, int kind, int i) {
        return lists[((int) cycle & mask) * KINDS + kind][i];
    }

    /** Forgets the events of {@code kind} due in {@code cycle}, once they have been taken. */
    void clear(long cycle, int kind) {
        int i = ((int) cycle & mask) * KINDS + kind;
        onWheel -= counts[i];
        counts[i] = 0;
    }

    boolean isEmpty() {
        return onWheel == 0 && farSize == 0;
    }

    /** The cycle of the earliest event at or after {@code from} (the clock), or Long.MAX_VALUE. */
    long next(long from) {
        if (onWheel > 0) {
            for (long c = from; c < base + span; c++) {
                int i = ((int) c & mask) * KINDS;
                if ((counts[i] | counts[i + 1] | counts[i + 2] | counts[i + 3]) != 0) {
                    return c;
                }
            }
        }
        return farSize == 0 ? Long.MAX_VALUE : far[0] >>> (SUBJECT_BITS + KIND_BITS);
    }

    private void addFar(long key) {
        if (farSize == far.length) {
            far = Arrays.copyOf(far, farSize * 2);
        }
        int i = farSize++;
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            long p = far[parent];
            if (p <= key) {
                break;
            }
            far[i] = p;
            i = parent;
        }
        far[i] = key;
    }

    private void removeFar() {
        long last = far[--farSize];
        int i = 0;
        int half = farSize >>> 1;
        while (i < half) {
            int child = 2 * i + 1;
            long c = far[child];
            int right = child + 1;
            if (right < farSize && far[right] < c) {
                child = right;
                c = far[right];
            }
            if (last <= c) {
                break;
            }
            far[i] = c;
            i = child;
        }
        if (farSize > 0) {
            far[i] = last;
        }
    }
}
