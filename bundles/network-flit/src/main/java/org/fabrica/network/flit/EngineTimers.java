package org.fabrica.network.flit;

import java.util.Arrays;

/**
 * The collective engine's timers ({@code RouterActions.timer}, {@code NodeActions.timer}): a
 * binary min-heap of (cycle, vertex, token) by cycle, the vertex a router ({@code >= 0}) or a node
 * ({@code ~node}). No allocation while it stays within its peak size.
 */
final class EngineTimers {
    private long[] cycle = new long[16];
    private int[] vertex = new int[16];
    private int[] token = new int[16];
    private int size;

    boolean isEmpty() {
        return size == 0;
    }

    /** Cycle of the earliest timer; only when not empty. */
    long peekCycle() {
        return cycle[0];
    }

    int peekVertex() {
        return vertex[0];
    }

    int peekToken() {
        return token[0];
    }

    void add(long at, int v, int k) {
        if (size == cycle.length) {
            cycle = Arrays.copyOf(cycle, size * 2);
            vertex = Arrays.copyOf(vertex, size * 2);
            token = Arrays.copyOf(token, size * 2);
        }
        int i = size++;
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            if (cycle[parent] <= at) {
                break;
            }
            cycle[i] = cycle[parent];
            vertex[i] = vertex[parent];
            token[i] = token[parent];
            i = parent;
        }
        cycle[i] = at;
        vertex[i] = v;
        token[i] = k;
    }

    /** Removes the earliest timer. */
    void removeFirst() {
        size--;
        long lastCycle = cycle[size];
        int lastVertex = vertex[size];
        int lastToken = token[size];
        int i = 0;
        while (true) {
            int child = 2 * i + 1;
            if (child >= size) {
                break;
            }
            if (child + 1 < size && cycle[child + 1] < cycle[child]) {
                child++;
            }
            if (lastCycle <= cycle[child]) {
                break;
            }
            cycle[i] = cycle[child];
            vertex[i] = vertex[child];
            token[i] = token[child];
            i = child;
        }
        cycle[i] = lastCycle;
        vertex[i] = lastVertex;
        token[i] = lastToken;
    }
}
