package org.fabrica.scheduler;

import java.util.List;

/**
 * A step of a {@link Plan}: a group of rounds played together. Transactions are separated by
 * barriers: transaction t+1 starts when every transfer of transaction t has been delivered
 * (the hierarchical schedule of docs/studies/rapidio-m2n.md runs its N-to-N transactions that way).
 *
 * @param label short description for printing, e.g. {@code 18-to-18}
 * @param rounds the rounds in order
 */
public record Transaction(String label, List<Round> rounds) {
    /** Copies the list. */
    public Transaction {
        label = label == null ? "" : label;
        rounds = List.copyOf(rounds);
    }

    /** Number of scheduled transfers in all rounds. */
    public int transfers() {
        int n = 0;
        for (Round r : rounds) {
            n += r.transfers().size();
        }
        return n;
    }
}
