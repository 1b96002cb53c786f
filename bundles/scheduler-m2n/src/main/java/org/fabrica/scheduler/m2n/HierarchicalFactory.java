package org.fabrica.scheduler.m2n;

import java.util.List;
import org.fabrica.scheduler.Scheduler;
import org.fabrica.scheduler.SchedulerFactory;
import org.fabrica.scheduler.Transaction;
import org.fabrica.topology.Topology;
import org.osgi.service.component.annotations.Component;

/**
 * {@code hierarchical}: the M > N schedule of docs/studies/rapidio-m2n.md. The senders, in table order,
 * split into i = ceil(M/N) groups run one after another: i-1 N-to-N transactions and one
 * (M mod N)-to-N (all N-to-N when N divides M), each shuffled. With M <= N it equals
 * {@code shuffle}.
 */
@Component(service = SchedulerFactory.class, property = {
        "fabrica.name=hierarchical",
        "fabrica.description=M-to-N for M > N: ceil(M/N) shuffled transactions in sequence (N-to-N ..., (M mod N)-to-N)"})
public final class HierarchicalFactory implements SchedulerFactory<HierarchicalParameters> {
    @Override
    public Class<HierarchicalParameters> parameterType() {
        return HierarchicalParameters.class;
    }

    @Override
    public Scheduler create(Topology topology, HierarchicalParameters p) {
        return new M2nScheduler("hierarchical", topology, p.mapping(), p.localNetworkSize(), p.roundOrder()) {
            @Override
            List<Transaction> transactions(PersonalizedExchange x) {
                return DestinationShuffling.hierarchical(x, DestinationShuffling.allSenders(x),
                        DestinationTable.real(x.n()), DestinationShuffling.WHOLE, "");
            }
        };
    }
}
