package org.fabrica.scheduler.m2n;

import java.util.ArrayList;
import java.util.List;
import org.fabrica.scheduler.Scheduler;
import org.fabrica.scheduler.SchedulerFactory;
import org.fabrica.scheduler.Transaction;
import org.fabrica.topology.Topology;
import org.osgi.service.component.annotations.Component;

/**
 * {@code virtual-destinations}: case 2 of docs/studies/rapidio-m2n.md. Messages are cut into pieces of
 * the unit size s; piece t of a message to receiver j goes to destination table t
 * ({@link VirtualDestinations}). Scheme (b) shuffles over all tables joined; scheme (c) plays the
 * tables one after another, each hierarchically. TianLai's 48-to-54 with sizes s and 2s for 18
 * receivers gives N' = 72: scheme (b) is one 48-to-72 shuffle, scheme (c) the four transactions
 * 48-to-54, 18-to-18, 18-to-18, 12-to-18.
 */
@Component(service = SchedulerFactory.class, property = {
        "fabrica.name=virtual-destinations",
        "fabrica.description=M-to-N with sizes l*s: virtual destinations, shuffled over all (b) or hierarchically (c)"})
public final class VirtualDestinationsFactory implements SchedulerFactory<VirtualDestinationsParameters> {
    @Override
    public Class<VirtualDestinationsParameters> parameterType() {
        return VirtualDestinationsParameters.class;
    }

    @Override
    public Scheduler create(Topology topology, VirtualDestinationsParameters p) {
        VirtualDestinationScheme scheme = p.scheme();
        long unitSize = p.unitSize();
        return new M2nScheduler("virtual-destinations", topology, p.mapping(), p.localNetworkSize(), p.roundOrder()) {
            @Override
            List<Transaction> transactions(PersonalizedExchange x) {
                long unit = unitSize > 0 ? unitSize : VirtualDestinations.smallestSize(x.sizes);
                if (unit == 0) {
                    return List.of();
                }
                List<DestinationTable> tables = VirtualDestinations.tables(x.sizes, x.n(), unit);
                int[] senders = DestinationShuffling.allSenders(x);
                if (scheme == VirtualDestinationScheme.SHUFFLE_ALL) {
                    DestinationTable all = new DestinationTable(new int[0], new int[0]);
                    for (DestinationTable t : tables) {
                        all = all.concat(t);
                    }
                    String label = " (" + tables.get(0).size() + " real + " + (all.size() - tables.get(0).size())
                            + " virtual destinations)";
                    return DestinationShuffling.hierarchical(x, senders, all, unit, label);
                }
                List<Transaction> transactions = new ArrayList<>();
                for (int t = 0; t < tables.size(); t++) {
                    String label = t == 0 ? " (real destinations)" : " (virtual destinations, table " + t + ")";
                    transactions.addAll(DestinationShuffling.hierarchical(x, senders, tables.get(t), unit, label));
                }
                return transactions;
            }
        };
    }
}
