package org.fabrica.stats.collectors.providers;

import org.fabrica.stats.CollectorContext;
import org.fabrica.stats.StatisticsCollector;
import org.fabrica.stats.StatisticsCollectorFactory;
import org.osgi.service.component.annotations.Component;

/** {@code latency-histogram}: packets per fixed-width latency bin. */
@Component(service = StatisticsCollectorFactory.class, property = {
        "fabrica.name=latency-histogram",
        "fabrica.description=Packets generated in the window per latency bin of fixed width"})
public final class LatencyHistogramFactory implements StatisticsCollectorFactory<LatencyHistogramParameters> {
    @Override
    public Class<LatencyHistogramParameters> parameterType() {
        return LatencyHistogramParameters.class;
    }

    @Override
    public StatisticsCollector create(CollectorContext context, LatencyHistogramParameters parameters) {
        return new FixedWidthLatencyHistogram(context, parameters.bins(), parameters.width());
    }
}
