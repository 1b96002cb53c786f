package org.fabrica.stats.collectors;

import java.util.Arrays;

/**
 * A growing column of doubles for per-window series. Appending allocates only when the capacity
 * doubles (a few times per run), never per event.
 */
final class SeriesBuffer {
    private double[] values;
    private int size;

    SeriesBuffer(int initialCapacity) {
        values = new double[Math.max(16, initialCapacity)];
    }

    void add(double v) {
        if (size == values.length) {
            values = Arrays.copyOf(values, values.length * 2);
        }
        values[size++] = v;
    }

    int size() {
        return size;
    }

    double get(int i) {
        return values[i];
    }

    double[] toArray() {
        return Arrays.copyOf(values, size);
    }

    long[] toLongArray() {
        long[] out = new long[size];
        for (int i = 0; i < size; i++) {
            out[i] = (long) values[i];
        }
        return out;
    }
}
