package org.fabrica.scheduler.m2n;

import java.util.List;
import org.fabrica.scheduler.RoundOrder;
import org.fabrica.scheduler.Scheduler;
import org.fabrica.scheduler.SchedulerFactory;
import org.fabrica.scheduler.Transaction;
import org.fabrica.topology.Topology;
import org.osgi.service.component.annotations.Component;

/**
 * {@code baseline}: the uncoordinated M-to-N of docs/studies/rapidio-m2n.md. One transaction whose round
 * r holds every sender's r-th message, all to receiver r of the table; the round order is
 * {@link RoundOrder#PER_SOURCE} (no synchronisation between senders), so hot spots form where
 * several senders reach one receiver.
 */
@Component(service = SchedulerFactory.class, property = {
        "fabrica.name=baseline",
        "fabrica.description=Uncoordinated M-to-N: every sender sends to the receivers in ascending order, all at once"})
public final class BaselineFactory implements SchedulerFactory<BaselineParameters> {
    @Override
    public Class<BaselineParameters> parameterType() {
        return BaselineParameters.class;
    }

    @Override
    public Scheduler create(Topology topology, BaselineParameters p) {
        return new M2nScheduler("baseline", topology, p.mapping(), p.localNetworkSize(), RoundOrder.PER_SOURCE) {
            @Override
            List<Transaction> transactions(PersonalizedExchange x) {
                return List.of(DestinationShuffling.inOrder(x, DestinationShuffling.allSenders(x),
                        DestinationTable.real(x.n()), x.m() + "-to-" + x.n() + " in order"));
            }
        };
    }
}
