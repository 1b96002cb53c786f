package org.fabrica.scheduler.m2n;

/**
 * A destination table of docs/studies/rapidio-m2n.md: entry e names receiver {@code receiver[e]} (an
 * index into the exchange's receivers) and which of its destinations it is: copy 0 is the real
 * receiver, copy c >= 1 its c-th virtual destination (case 2).
 */
record DestinationTable(int[] receiver, int[] copy) {
    DestinationTable {
        if (receiver.length != copy.length) {
            throw new IllegalArgumentException("receiver and copy columns differ in length");
        }
    }

    /** The real receivers 0 .. n-1 in table order. */
    static DestinationTable real(int n) {
        int[] r = new int[n];
        for (int j = 0; j < n; j++) {
            r[j] = j;
        }
        return new DestinationTable(r, new int[n]);
    }

    /** This table followed by {@code other}. */
    DestinationTable concat(DestinationTable other) {
        int n = size();
        int[] r = java.util.Arrays.copyOf(receiver, n + other.size());
        int[] c = java.util.Arrays.copyOf(copy, n + other.size());
        System.arraycopy(other.receiver, 0, r, n, other.size());
        System.arraycopy(other.copy, 0, c, n, other.size());
        return new DestinationTable(r, c);
    }

    int size() {
        return receiver.length;
    }
}
