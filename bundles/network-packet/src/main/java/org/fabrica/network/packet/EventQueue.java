package org.fabrica.network.packet;

/**
 * The model's future events as one min-heap of primitive keys: the cycle in the high bits, then
 * the kind, then the subject (a packet slot, a node, a router). Keys order events of one cycle by
 * kind (deliveries, then network interfaces, then routers, as the flit model orders a cycle) and
 * within a kind by subject, so the run is deterministic. Nothing is allocated once the heap has
 * grown to the run's largest size.
 */
final class EventQueue {
    static final int DELIVER = 0;
    static final int INTERFACE = 1;
    static final int ROUTER = 2;
    static final int SUBJECT_BITS = 24;
    static final int KIND_BITS = 2;
    static final long SUBJECT_MASK = (1L << SUBJECT_BITS) - 1;
    /** The latest cycle a key can hold. */
    static final long MAX_CYCLE = (1L << (63 - SUBJECT_BITS - KIND_BITS)) - 1;

    private long[] heap = new long[1024];
    private int size;

    /** Checks that {@code count} subjects fit in a key. */
    static void requireSubjects(String what, long count) {
        if (count > SUBJECT_MASK + 1) {
            throw new IllegalArgumentException("the packet model numbers at most " + (SUBJECT_MASK + 1) + " " + what
                    + "; this network has " + count + ": use the flit model");
        }
    }

    void add(long cycle, int kind, int subject) {
        long key = (cycle << (SUBJECT_BITS + KIND_BITS)) | ((long) kind << SUBJECT_BITS) | subject;
        if (size == heap.length) {
            heap = java.util.Arrays.copyOf(heap, size * 2);
        }
        int i = size++;
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            long p = heap[parent];
            if (p <= key) {
                break;
            }
            heap[i] = p;
            i = parent;
        }
        heap[i] = key;
    }

    boolean isEmpty() {
        return size == 0;
    }

    /** The cycle of the earliest event; only when not empty. */
    long peekCycle() {
        return heap[0] >>> (SUBJECT_BITS + KIND_BITS);
    }

    int peekKind() {
        return (int) (heap[0] >>> SUBJECT_BITS) & ((1 << KIND_BITS) - 1);
    }

    int peekSubject() {
        return (int) (heap[0] & SUBJECT_MASK);
    }

    void removeFirst() {
        long last = heap[--size];
        int i = 0;
        int half = size >>> 1;
        while (i < half) {
            int child = 2 * i + 1;
            long c = heap[child];
            int right = child + 1;
            if (right < size && heap[right] < c) {
                child = right;
                c = heap[right];
            }
            if (last <= c) {
                break;
            }
            heap[i] = c;
            i = child;
        }
        if (size > 0) {
            heap[i] = last;
        }
    }

    int size() {
        return size;
    }
}
