package org.fabrica.stats.collectors.providers;

import org.fabrica.stats.CollectorContext;
import org.fabrica.stats.StatisticsCollector;
import org.fabrica.stats.StatisticsCollectorFactory;
import org.osgi.service.component.annotations.Component;

/** {@code latency-percentiles}: nearest-rank latency percentiles, a list as parameter. */
@Component(service = StatisticsCollectorFactory.class, property = {
        "fabrica.name=latency-percentiles",
        "fabrica.description=Nearest-rank latency percentiles of the packets generated in the window"})
public final class LatencyPercentilesFactory implements StatisticsCollectorFactory<LatencyPercentilesParameters> {
    @Override
    public Class<LatencyPercentilesParameters> parameterType() {
        return LatencyPercentilesParameters.class;
    }

    @Override
    public StatisticsCollector create(CollectorContext context, LatencyPercentilesParameters parameters) {
        return new LatencyPercentiles(context, parameters.percentiles());
    }
}
