package org.example.fabrica.hops;

import org.fabrica.stats.CollectorContext;
import org.fabrica.stats.StatisticsCollector;
import org.fabrica.stats.StatisticsCollectorFactory;

/**
 * The third-party collector of docs/plugin-guide.md, section 12, as a test fixture: a bundle of its
 * own would hold exactly these three classes, this one annotated
 * {@code @Component(service = StatisticsCollectorFactory.class, property = {"fabrica.name=hop-count",
 * "fabrica.description=..."})}. Here the test registers it by hand with those properties
 * ({@code StatisticsPluginTest}); annotated, it would join every test's registry of the class path.
 */
public final class HopCountFactory implements StatisticsCollectorFactory<HopCountParameters> {
    @Override
    public Class<HopCountParameters> parameterType() {
        return HopCountParameters.class;
    }

    @Override
    public StatisticsCollector create(CollectorContext context, HopCountParameters parameters) {
        return new HopCount(context, parameters.limit());
    }
}
