package org.fabrica.network.flit;

/**
 * Completions of collective operations the processes learn later, in time order: every one is due
 * the receive overhead after it happened, so a FIFO ring of (cycle, node, group) keeps them sorted.
 * Grows by doubling.
 */
final class CompletionQueue {
    private long[] cycle = new long[16];
    private int[] node = new int[16];
    private int[] group = new int[16];
    private int head;
    private int size;

    boolean isEmpty() {
        return size == 0;
    }

    /** Cycle of the first completion due; only when not empty. */
    long peekCycle() {
        return cycle[head];
    }

    int peekNode() {
        return node[head];
    }

    int peekGroup() {
        return group[head];
    }

    void add(long due, int n, int g) {
        if (size == cycle.length) {
            grow();
        }
        int i = (head + size) % cycle.length;
        cycle[i] = due;
        node[i] = n;
        group[i] = g;
        size++;
    }

    void removeFirst() {
        head = (head + 1) % cycle.length;
        size--;
    }

    private void grow() {
        int n = cycle.length;
        long[] c = new long[n * 2];
        int[] nd = new int[n * 2];
        int[] g = new int[n * 2];
        for (int k = 0; k < size; k++) {
            int i = (head + k) % n;
            c[k] = cycle[i];
            nd[k] = node[i];
            g[k] = group[i];
        }
        cycle = c;
        node = nd;
        group = g;
        head = 0;
    }
}
