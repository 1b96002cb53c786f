package org.fabrica.stats.collectors;

import java.util.Arrays;

/**
 * A set of packet ids (non-negative longs) by open addressing with linear probing and
 * backward-shift deletion: no allocation while it stays within its peak size. Holds the measured
 * packets in flight whose copies (multicast) must be measured too.
 */
final class PacketIdSet {
    private static final long EMPTY = -1;
    private long[] keys = new long[64];
    private int size;

    boolean contains(long id) {
        int mask = keys.length - 1;
        for (int i = index(id, mask); ; i = (i + 1) & mask) {
            long k = keys[i];
            if (k == EMPTY) {
                return false;
            }
            if (k == id) {
                return true;
            }
        }
    }

    void add(long id) {
        if ((size + 1) * 2 > keys.length) {
            grow();
        }
        int mask = keys.length - 1;
        for (int i = index(id, mask); ; i = (i + 1) & mask) {
            long k = keys[i];
            if (k == id) {
                return;
            }
            if (k == EMPTY) {
                keys[i] = id;
                size++;
                return;
            }
        }
    }

    /** Removes {@code id}; true when it was there. */
    boolean remove(long id) {
        int mask = keys.length - 1;
        int i = index(id, mask);
        while (true) {
            long k = keys[i];
            if (k == EMPTY) {
                return false;
            }
            if (k == id) {
                break;
            }
            i = (i + 1) & mask;
        }
        // backward-shift the run after i so lookups never stop early
        int hole = i;
        for (int j = (i + 1) & mask; keys[j] != EMPTY; j = (j + 1) & mask) {
            int home = index(keys[j], mask);
            boolean movable = hole <= j ? home <= hole || home > j : home <= hole && home > j;
            if (movable) {
                keys[hole] = keys[j];
                hole = j;
            }
        }
        keys[hole] = EMPTY;
        size--;
        return true;
    }

    int size() {
        return size;
    }

    private void grow() {
        long[] old = keys;
        keys = new long[old.length * 2];
        Arrays.fill(keys, EMPTY);
        size = 0;
        for (long k : old) {
            if (k != EMPTY) {
                add(k);
            }
        }
    }

    private static int index(long id, int mask) {
        long h = id * 0x9E3779B97F4A7C15L;
        return (int) (h ^ h >>> 32) & mask;
    }

    {
        Arrays.fill(keys, EMPTY);
    }
}
