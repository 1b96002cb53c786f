package org.fabrica.stats.collectors.providers;

import org.fabrica.stats.CollectorContext;
import org.fabrica.stats.StatisticsCollector;
import org.fabrica.stats.StatisticsCollectorFactory;
import org.osgi.service.component.annotations.Component;

/** {@code throughput-trend}: accepted throughput in consecutive parts of the window, to see whether it has settled. */
@Component(service = StatisticsCollectorFactory.class, property = {
        "fabrica.name=throughput-trend",
        "fabrica.description=Accepted flits per node and cycle in each of N equal parts of the window, and the"
                + " change from the first part to the last: whether a point's throughput is steady"})
public final class ThroughputTrendFactory implements StatisticsCollectorFactory<ThroughputTrendParameters> {
    @Override
    public Class<ThroughputTrendParameters> parameterType() {
        return ThroughputTrendParameters.class;
    }

    @Override
    public StatisticsCollector create(CollectorContext context, ThroughputTrendParameters parameters) {
        return new ThroughputTrend(context, parameters.parts());
    }
}
