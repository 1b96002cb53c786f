package org.fabrica.scheduler.m2n;

import java.util.ArrayList;
import java.util.List;
import org.fabrica.scheduler.Round;
import org.fabrica.scheduler.ScheduledTransfer;
import org.fabrica.scheduler.Transaction;

/**
 * The round structures of docs/studies/rapidio-m2n.md over a destination table: destination shuffling
 * (M <= N), the hierarchical split (M > N) and the uncoordinated in-order baseline.
 */
final class DestinationShuffling {
    /** Chunk size meaning "messages are not cut": every message goes whole to copy 0. */
    static final long WHOLE = Long.MAX_VALUE;

    private DestinationShuffling() {
    }

    /**
     * Units that copy {@code copy} of a receiver gets from a message of {@code size} units cut
     * into chunks of {@code chunk} units: chunks 0 .. l-2 are full, chunk l-1 carries the rest,
     * where l = ceil(size / chunk); 0 for copies beyond l-1 (case 2, virtual destinations).
     */
    static long chunk(long size, int copy, long chunk) {
        if (size <= 0 || copy > (size - 1) / chunk) {
            return 0;
        }
        return Math.min(chunk, size - copy * chunk);
    }

    /**
     * Destination shuffling (node-level schedule step 2): with T table entries, round r (0-based)
     * sends from sender {@code senders[i]} to {@code table[(i + r) mod T]}, for r = 0 .. T-1, so
     * after T rounds every sender has sent to every entry once. Needs senders.length <= T.
     */
    static Transaction shuffle(PersonalizedExchange x, int[] senders, DestinationTable table, long chunk, String label) {
        int t = table.size();
        if (senders.length > t) {
            throw new IllegalArgumentException(senders.length + " senders cannot shuffle over " + t
                    + " destinations without two senders meeting one receiver; split the senders (hierarchical)");
        }
        List<Round> rounds = new ArrayList<>(t);
        for (int r = 0; r < t; r++) {
            List<ScheduledTransfer> transfers = new ArrayList<>(senders.length);
            for (int i = 0; i < senders.length; i++) {
                int e = (i + r) % t;
                add(x, senders[i], table.receiver()[e], table.copy()[e], chunk, transfers);
            }
            rounds.add(new Round(transfers));
        }
        return new Transaction(label, rounds);
    }

    /**
     * Hierarchical schedule (M > N): the senders, in order, split into ceil(M/T) groups of T (the
     * last holds the M mod T rest, when T does not divide M), each shuffled over the whole table
     * as its own transaction. With M <= T it is a single shuffle.
     */
    static List<Transaction> hierarchical(PersonalizedExchange x, int[] senders, DestinationTable table, long chunk,
            String labelSuffix) {
        int t = table.size();
        List<Transaction> transactions = new ArrayList<>();
        if (t == 0) {
            return transactions;
        }
        for (int from = 0; from < senders.length; from += t) {
            int[] group = java.util.Arrays.copyOfRange(senders, from, Math.min(senders.length, from + t));
            transactions.add(shuffle(x, group, table, chunk, group.length + "-to-" + t + labelSuffix));
        }
        return transactions;
    }

    /**
     * The uncoordinated baseline: every sender sends to the table entries in table order, so round
     * r holds every sender's r-th message, all to entry r.
     */
    static Transaction inOrder(PersonalizedExchange x, int[] senders, DestinationTable table, String label) {
        List<Round> rounds = new ArrayList<>(table.size());
        for (int e = 0; e < table.size(); e++) {
            List<ScheduledTransfer> transfers = new ArrayList<>(senders.length);
            for (int s : senders) {
                add(x, s, table.receiver()[e], table.copy()[e], WHOLE, transfers);
            }
            rounds.add(new Round(transfers));
        }
        return new Transaction(label, rounds);
    }

    /** All senders of an exchange, 0 .. M-1. */
    static int[] allSenders(PersonalizedExchange x) {
        int[] s = new int[x.m()];
        for (int i = 0; i < s.length; i++) {
            s[i] = i;
        }
        return s;
    }

    private static void add(PersonalizedExchange x, int i, int j, int copy, long chunk, List<ScheduledTransfer> out) {
        long size = chunk(x.sizes[i][j], copy, chunk);
        if (size > 0) {
            out.add(new ScheduledTransfer(x.requests[i][j], x.senders[i], x.receivers[j], size));
        }
    }
}
