package org.fabrica.scheduler;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * What has to be communicated: an ordered list of transfers (source -> destination, size), and
 * the sender and receiver groups they run between. A circuit scheduler reads the transfers as
 * requests, in this order; an M-to-N schedule reads the groups and the size matrix
 * ({@link #sizeMatrix()}) of docs/studies/rapidio-m2n.md.
 * <p>
 * The groups are in table order: sender i of the schedules is {@code senders.get(i)} and the
 * destination table lists {@code receivers} in this order. The study's schedules list both in
 * ascending address order, which {@link #of} produces and {@link #personalized} keeps when given
 * so. Every transfer's source is in {@code senders} and its destination in {@code receivers}; a
 * node may be in both groups.
 *
 * @param transfers the demanded transfers, each one request; sizes at least 1
 * @param senders the sender group M in table order, without repetition
 * @param receivers the receiver group N in table order, without repetition
 * @param unit unit of the sizes
 */
public record Demands(List<Transfer> transfers, List<Integer> senders, List<Integer> receivers, SizeUnit unit) {
    /** Copies the lists and checks that the groups cover the transfers. */
    public Demands {
        transfers = List.copyOf(transfers);
        senders = List.copyOf(senders);
        receivers = List.copyOf(receivers);
        if (unit == null) {
            throw new IllegalArgumentException("demands need a size unit (bytes or packets)");
        }
        Map<Integer, Integer> s = index(senders, "sender");
        Map<Integer, Integer> r = index(receivers, "receiver");
        for (Transfer t : transfers) {
            if (!s.containsKey(t.source()) || !r.containsKey(t.destination())) {
                throw new IllegalArgumentException("transfer " + t.source() + " -> " + t.destination()
                        + " runs outside the groups (senders " + senders + ", receivers " + receivers
                        + "); list its source among the senders and its destination among the receivers");
            }
        }
    }

    /** Demands from a list of transfers; the groups are the distinct sources and destinations in ascending order. */
    public static Demands of(List<Transfer> transfers, SizeUnit unit) {
        TreeSet<Integer> s = new TreeSet<>();
        TreeSet<Integer> d = new TreeSet<>();
        for (Transfer t : transfers) {
            s.add(t.source());
            d.add(t.destination());
        }
        return new Demands(transfers, new ArrayList<>(s), new ArrayList<>(d), unit);
    }

    /**
     * M-to-N personalized communication: sender {@code senders[i]} owes receiver
     * {@code receivers[j]} a message of {@code sizes[i][j]} units; 0 means nothing (no transfer).
     * Transfers are listed row by row (sender by sender, receivers in table order).
     */
    public static Demands personalized(int[] senders, int[] receivers, long[][] sizes, SizeUnit unit) {
        if (sizes.length != senders.length) {
            throw new IllegalArgumentException("the size matrix has " + sizes.length + " rows for " + senders.length
                    + " senders; give one row per sender");
        }
        List<Transfer> transfers = new ArrayList<>();
        for (int i = 0; i < senders.length; i++) {
            if (sizes[i].length != receivers.length) {
                throw new IllegalArgumentException("row " + i + " of the size matrix has " + sizes[i].length
                        + " entries for " + receivers.length + " receivers; give one column per receiver");
            }
            for (int j = 0; j < receivers.length; j++) {
                if (sizes[i][j] < 0) {
                    throw new IllegalArgumentException("size[" + i + "][" + j + "] = " + sizes[i][j]
                            + " is negative; use 0 for a pair that exchanges nothing");
                }
                if (sizes[i][j] > 0) {
                    transfers.add(new Transfer(senders[i], receivers[j], sizes[i][j]));
                }
            }
        }
        return new Demands(transfers, boxed(senders), boxed(receivers), unit);
    }

    /** M-to-N personalized communication with every message of {@code size} units (case 1 of the study). */
    public static Demands personalized(int[] senders, int[] receivers, long size, SizeUnit unit) {
        long[][] sizes = new long[senders.length][receivers.length];
        for (long[] row : sizes) {
            java.util.Arrays.fill(row, size);
        }
        return personalized(senders, receivers, sizes, unit);
    }

    /**
     * One request per node: node i to {@code destinationOf[i]}, each of {@code size} units, in node
     * order (the random-permutation workload of docs/studies/levelwise.md).
     */
    public static Demands permutation(int[] destinationOf, long size, SizeUnit unit) {
        List<Transfer> transfers = new ArrayList<>(destinationOf.length);
        for (int i = 0; i < destinationOf.length; i++) {
            transfers.add(new Transfer(i, destinationOf[i], size));
        }
        return of(transfers, unit);
    }

    /** Number of senders M. */
    public int m() {
        return senders.size();
    }

    /** Number of receivers N. */
    public int n() {
        return receivers.size();
    }

    /**
     * The M x N size matrix in table order: entry [i][j] sums the sizes that sender i owes
     * receiver j (0 when nothing).
     */
    public long[][] sizeMatrix() {
        Map<Integer, Integer> s = index(senders, "sender");
        Map<Integer, Integer> r = index(receivers, "receiver");
        long[][] sizes = new long[senders.size()][receivers.size()];
        for (Transfer t : transfers) {
            sizes[s.get(t.source())][r.get(t.destination())] += t.size();
        }
        return sizes;
    }

    /**
     * Index of the demanded transfer from sender i to receiver j in table order, as a matrix
     * (-1 where there is none; the first one when a pair is listed twice).
     */
    public int[][] requestMatrix() {
        Map<Integer, Integer> s = index(senders, "sender");
        Map<Integer, Integer> r = index(receivers, "receiver");
        int[][] requests = new int[senders.size()][receivers.size()];
        for (int[] row : requests) {
            java.util.Arrays.fill(row, -1);
        }
        for (int k = 0; k < transfers.size(); k++) {
            Transfer t = transfers.get(k);
            int i = s.get(t.source());
            int j = r.get(t.destination());
            if (requests[i][j] < 0) {
                requests[i][j] = k;
            }
        }
        return requests;
    }

    private static Map<Integer, Integer> index(List<Integer> group, String what) {
        Map<Integer, Integer> index = new HashMap<>();
        for (int i = 0; i < group.size(); i++) {
            int node = group.get(i);
            if (node < 0) {
                throw new IllegalArgumentException(what + " " + node + " is negative; end nodes are numbered from 0");
            }
            if (index.put(node, i) != null) {
                throw new IllegalArgumentException(what + " " + node + " is listed twice; list each node once");
            }
        }
        return index;
    }

    private static List<Integer> boxed(int[] nodes) {
        List<Integer> list = new ArrayList<>(nodes.length);
        for (int n : nodes) {
            list.add(n);
        }
        return list;
    }
}
