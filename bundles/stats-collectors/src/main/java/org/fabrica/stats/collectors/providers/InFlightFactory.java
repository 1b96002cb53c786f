package org.fabrica.stats.collectors.providers;

import org.fabrica.stats.CollectorContext;
import org.fabrica.stats.StatisticsCollector;
import org.fabrica.stats.StatisticsCollectorFactory;
import org.osgi.service.component.annotations.Component;

/** {@code in-flight}: packets in flight, mean and maximum over the window. */
@Component(service = StatisticsCollectorFactory.class, property = {
        "fabrica.name=in-flight",
        "fabrica.description=Packets generated and not yet delivered: mean and maximum over the window"})
public final class InFlightFactory implements StatisticsCollectorFactory<InFlightParameters> {
    @Override
    public Class<InFlightParameters> parameterType() {
        return InFlightParameters.class;
    }

    @Override
    public StatisticsCollector create(CollectorContext context, InFlightParameters parameters) {
        return new InFlightPackets(context, parameters.every());
    }
}
