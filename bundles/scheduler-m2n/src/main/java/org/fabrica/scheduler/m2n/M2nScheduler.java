package org.fabrica.scheduler.m2n;

import org.fabrica.scheduler.ContiguousMapping;
import java.util.ArrayList;
import java.util.List;
import org.fabrica.scheduler.Demands;
import org.fabrica.scheduler.Plan;
import org.fabrica.scheduler.RequestOutcome;
import org.fabrica.scheduler.RoundOrder;
import org.fabrica.scheduler.ScheduledTransfer;
import org.fabrica.scheduler.Scheduler;
import org.fabrica.scheduler.Transaction;
import org.fabrica.topology.Topology;

/**
 * Common frame of the node-level M-to-N schedulers: task mapping, then the provider's round
 * structure, then one outcome per demand. Node-level schedules do not refuse transfers, so every
 * demand is granted; the plan carries no routes (the network's routing algorithm routes them).
 */
abstract class M2nScheduler implements Scheduler {
    private final String name;
    private final Topology topology;
    private final TaskMapping mapping;
    private final int localNetworkSize;
    private final RoundOrder roundOrder;

    M2nScheduler(String name, Topology topology, TaskMapping mapping, int localNetworkSize, RoundOrder roundOrder) {
        this.name = name;
        this.topology = topology;
        this.mapping = mapping;
        this.localNetworkSize = localNetworkSize;
        this.roundOrder = roundOrder;
        if (mapping == TaskMapping.CONTIGUOUS) {
            // fail at creation, not at the first plan, when the local network size cannot be known
            ContiguousMapping.of(topology, localNetworkSize);
        }
    }

    /** The transactions of the plan for a placed exchange. */
    abstract List<Transaction> transactions(PersonalizedExchange x);

    @Override
    public final Plan plan(Demands demands) {
        PersonalizedExchange x = PersonalizedExchange.place(demands, topology, mapping, localNetworkSize, name);
        List<Transaction> transactions = x.n() == 0 ? List.of() : transactions(x);
        // self-check: every demand is carried by the plan, in full
        long[] carried = new long[demands.transfers().size()];
        for (Transaction t : transactions) {
            for (var round : t.rounds()) {
                for (ScheduledTransfer s : round.transfers()) {
                    carried[s.request()] += s.size();
                }
            }
        }
        List<RequestOutcome> outcomes = new ArrayList<>(carried.length);
        for (int k = 0; k < carried.length; k++) {
            if (carried[k] != demands.transfers().get(k).size()) {
                throw new IllegalStateException("scheduler '" + name + "' carried " + carried[k] + " of "
                        + demands.transfers().get(k).size() + " units of request " + k);
            }
            outcomes.add(RequestOutcome.granted(k));
        }
        return new Plan(name, demands.unit(), roundOrder, transactions, outcomes, x.placement);
    }
}
