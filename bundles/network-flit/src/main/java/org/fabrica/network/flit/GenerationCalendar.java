package org.fabrica.network.flit;

/**
 * When each node generates next: a binary min-heap of primitive keys {@code cycle << nodeBits | node},
 * so only nodes that generate in a cycle are touched and ties break by node number
 * (deterministic). Grows by doubling; no per-packet allocation.
 */
final class GenerationCalendar {
    private final int nodeBits;
    private final long nodeMask;
    private final long maxCycle;
    private long[] heap;
    private int size;

    GenerationCalendar(int nodes) {
        nodeBits = Math.max(1, 32 - Integer.numberOfLeadingZeros(Math.max(1, nodes - 1)));
        nodeMask = (1L << nodeBits) - 1;
        maxCycle = (Long.MAX_VALUE >>> nodeBits) - 1;
        heap = new long[Math.max(16, nodes)];
    }

    /** The largest cycle a key can hold; later cycles must be clamped by the caller. */
    long maxCycle() {
        return maxCycle;
    }

    boolean isEmpty() {
        return size == 0;
    }

    int size() {
        return size;
    }

    /** Cycle of the earliest entry; only when not empty. */
    long peekCycle() {
        return heap[0] >>> nodeBits;
    }

    int peekNode() {
        return (int) (heap[0] & nodeMask);
    }

    void add(long cycle, int node) {
        if (size == heap.length) {
            heap = java.util.Arrays.copyOf(heap, size * 2);
        }
        long key = (cycle << nodeBits) | node;
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
}
