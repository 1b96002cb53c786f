package org.fabrica.scheduler;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The output of a {@link Scheduler}: pure data that can be printed, exported and played by the
 * traffic layer.
 * <p>
 * Time structure: {@code transactions} run one after another, separated by barriers; within a
 * transaction the rounds are ordered as {@code roundOrder} says. A circuit schedule is one
 * transaction of one round holding every granted connection with its route.
 * <p>
 * {@code outcomes} has one entry per demanded transfer, in {@link Demands#transfers()} order, so
 * the schedulability ratio and the reasons for failures are read the same way from every plan.
 *
 * @param scheduler {@code fabrica.name} of the scheduler that made the plan
 * @param unit unit of the transfer sizes
 * @param roundOrder how rounds within a transaction are ordered in time
 * @param transactions the transactions in order
 * @param outcomes one outcome per demanded transfer, in demand order
 * @param placement end node each demanded node was placed on, for the nodes a task mapping moved
 *        (empty when the plan uses the demands' node numbers as given)
 */
public record Plan(String scheduler, SizeUnit unit, RoundOrder roundOrder, List<Transaction> transactions,
        List<RequestOutcome> outcomes, Map<Integer, Integer> placement) {
    /** Copies the collections and checks that outcomes are in demand order. */
    public Plan {
        if (scheduler == null || unit == null || roundOrder == null) {
            throw new IllegalArgumentException("a plan needs its scheduler name, size unit and round order");
        }
        transactions = List.copyOf(transactions);
        outcomes = List.copyOf(outcomes);
        placement = java.util.Collections.unmodifiableMap(new TreeMap<>(placement));
        for (int k = 0; k < outcomes.size(); k++) {
            if (outcomes.get(k).request() != k) {
                throw new IllegalArgumentException("outcome " + k + " is for request " + outcomes.get(k).request()
                        + "; list one outcome per demanded transfer, in demand order");
            }
        }
    }

    /** Total number of rounds over all transactions. */
    public int roundCount() {
        int n = 0;
        for (Transaction t : transactions) {
            n += t.rounds().size();
        }
        return n;
    }

    /** Every scheduled transfer, transaction by transaction and round by round. */
    public List<ScheduledTransfer> transfers() {
        List<ScheduledTransfer> all = new ArrayList<>();
        for (Transaction t : transactions) {
            for (Round r : t.rounds()) {
                all.addAll(r.transfers());
            }
        }
        return all;
    }

    /** Number of demanded transfers that were granted. */
    public int granted() {
        int n = 0;
        for (RequestOutcome o : outcomes) {
            if (o.granted()) {
                n++;
            }
        }
        return n;
    }

    /** Granted requests / all requests (1 when there are none), as defined in docs/studies/levelwise.md. */
    public double schedulabilityRatio() {
        return outcomes.isEmpty() ? 1.0 : (double) granted() / outcomes.size();
    }

    /** The node a demanded node was placed on (itself when the plan did not move it). */
    public int placed(int node) {
        Integer p = placement.get(node);
        return p == null ? node : p;
    }
}
