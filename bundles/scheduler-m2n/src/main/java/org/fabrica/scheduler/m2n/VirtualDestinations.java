package org.fabrica.scheduler.m2n;

import java.util.ArrayList;
import java.util.List;

/**
 * Case 2 of docs/studies/rapidio-m2n.md: with the smallest size s, a message of size l*s is cut into l
 * pieces of s sent to its receiver and to l-1 virtual destinations of that receiver, each placed
 * in a different destination table. Table t (0-based) lists, in table order, copy t of every
 * receiver that some sender owes more than t pieces; with the largest multiple L there are L
 * tables, and N' = the total of their sizes. A size that is not a multiple of s counts as the
 * next multiple (the study pads it); its last piece carries the actual remainder.
 */
final class VirtualDestinations {
    private VirtualDestinations() {
    }

    /** The smallest non-zero size of the matrix, or 0 when it is all zero. */
    static long smallestSize(long[][] sizes) {
        long s = 0;
        for (long[] row : sizes) {
            for (long v : row) {
                if (v > 0 && (s == 0 || v < s)) {
                    s = v;
                }
            }
        }
        return s;
    }

    /** The destination tables for pieces of {@code unit} units, table 0 (the real receivers) first. */
    static List<DestinationTable> tables(long[][] sizes, int receivers, long unit) {
        int[] multiple = new int[receivers];
        int largest = 0;
        for (long[] row : sizes) {
            for (int j = 0; j < receivers; j++) {
                long l = (row[j] + unit - 1) / unit;
                if (l > Integer.MAX_VALUE) {
                    throw new IllegalArgumentException("a message of " + row[j] + " units is more than 2^31 pieces of "
                            + unit + "; use a larger unitSize");
                }
                multiple[j] = Math.max(multiple[j], (int) l);
                largest = Math.max(largest, (int) l);
            }
        }
        List<DestinationTable> tables = new ArrayList<>(largest);
        for (int t = 0; t < largest; t++) {
            int count = 0;
            for (int j = 0; j < receivers; j++) {
                if (multiple[j] > t) {
                    count++;
                }
            }
            int[] r = new int[count];
            int[] c = new int[count];
            int e = 0;
            for (int j = 0; j < receivers; j++) {
                if (multiple[j] > t) {
                    r[e] = j;
                    c[e] = t;
                    e++;
                }
            }
            tables.add(new DestinationTable(r, c));
        }
        return tables;
    }
}
