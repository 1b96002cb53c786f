package org.fabrica.network.flit;

/**
 * A timing wheel of int events (credit returns, packet deliveries) for a bounded horizon: an event
 * is scheduled at most {@code horizon} cycles ahead, so a wheel of the next power of two above the
 * horizon never wraps onto a pending bucket. The buckets share one flat array (bucket b occupies
 * {@code [b * capacity, (b + 1) * capacity)}); when a bucket fills, every bucket's capacity doubles,
 * so steady state allocates nothing and adding an event is two array writes.
 */
final class EventWheel {
    private final int mask;
    private final int[] counts;
    private int capacity;
    private int[] events;

    EventWheel(int horizon) {
        int size = Integer.highestOneBit(Math.max(2, horizon + 1)) << 1;
        mask = size - 1;
        counts = new int[size];
        capacity = 16;
        events = new int[size * capacity];
    }

    void add(long cycle, int event) {
        int b = (int) cycle & mask;
        int n = counts[b];
        if (n == capacity) {
            grow();
        }
        events[b * capacity + n] = event;
        counts[b] = n + 1;
    }

    private void grow() {
        int doubled = capacity * 2;
        int[] grown = new int[counts.length * doubled];
        for (int b = 0; b < counts.length; b++) {
            System.arraycopy(events, b * capacity, grown, b * doubled, counts[b]);
        }
        events = grown;
        capacity = doubled;
    }

    /** The events array; those due at {@code cycle} start at {@link #offset(long)}. Valid until the next add. */
    int[] events() {
        return events;
    }

    int offset(long cycle) {
        return ((int) cycle & mask) * capacity;
    }

    int count(long cycle) {
        return counts[(int) cycle & mask];
    }

    void clear(long cycle) {
        counts[(int) cycle & mask] = 0;
    }

    /** Adds, for every pending event e, one to {@code tally[e]} (safe-point invariant checks). */
    void tally(int[] tally) {
        for (int b = 0; b < counts.length; b++) {
            for (int i = 0; i < counts[b]; i++) {
                tally[events[b * capacity + i]]++;
            }
        }
    }
}
