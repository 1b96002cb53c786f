package org.fabrica.scheduler.m2n;

import java.util.List;
import org.fabrica.scheduler.Scheduler;
import org.fabrica.scheduler.SchedulerFactory;
import org.fabrica.scheduler.Transaction;
import org.fabrica.topology.Topology;
import org.osgi.service.component.annotations.Component;

/**
 * {@code shuffle}: destination shuffling (docs/studies/rapidio-m2n.md, "Node-level schedule, M <= N"):
 * one transaction of N rounds; in round r sender i sends to table[(i + r) mod N].
 */
@Component(service = SchedulerFactory.class, property = {
        "fabrica.name=shuffle",
        "fabrica.description=M-to-N destination shuffling (M <= N): round r, sender i -> receiver (i + r) mod N"})
public final class ShuffleFactory implements SchedulerFactory<ShuffleParameters> {
    @Override
    public Class<ShuffleParameters> parameterType() {
        return ShuffleParameters.class;
    }

    @Override
    public Scheduler create(Topology topology, ShuffleParameters p) {
        return new M2nScheduler("shuffle", topology, p.mapping(), p.localNetworkSize(), p.roundOrder()) {
            @Override
            List<Transaction> transactions(PersonalizedExchange x) {
                if (x.m() > x.n()) {
                    throw new IllegalArgumentException("scheduler 'shuffle' needs M <= N but the demands are " + x.m()
                            + "-to-" + x.n() + "; use scheduler 'hierarchical' for M > N");
                }
                return List.of(DestinationShuffling.shuffle(x, DestinationShuffling.allSenders(x),
                        DestinationTable.real(x.n()), DestinationShuffling.WHOLE, x.m() + "-to-" + x.n()));
            }
        };
    }
}
