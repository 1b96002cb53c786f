package org.fabrica.stats.collectors.providers;

import org.fabrica.stats.CollectorContext;
import org.fabrica.stats.StatisticsCollector;
import org.fabrica.stats.StatisticsCollectorFactory;
import org.osgi.service.component.annotations.Component;

/** {@code node-throughput}: accepted throughput per node, its spread and Jain's fairness index. */
@Component(service = StatisticsCollectorFactory.class, property = {
        "fabrica.name=node-throughput",
        "fabrica.description=Accepted flits per node and cycle of the window: min, mean, max, Jain fairness index"})
public final class NodeThroughputFactory implements StatisticsCollectorFactory<NodeThroughputParameters> {
    @Override
    public Class<NodeThroughputParameters> parameterType() {
        return NodeThroughputParameters.class;
    }

    @Override
    public StatisticsCollector create(CollectorContext context, NodeThroughputParameters parameters) {
        return new NodeThroughput(context, parameters.per());
    }
}
