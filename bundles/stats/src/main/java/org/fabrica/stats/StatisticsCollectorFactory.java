package org.fabrica.stats;

import org.fabrica.kernel.ProviderConcept;
import org.fabrica.kernel.ProviderFactory;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * Factory service of a statistics collector provider, registered with {@code fabrica.name} (the
 * word an experiment's {@code statistics: [{collector: NAME, ...}]} gives) and
 * {@code fabrica.description}; its parameters are the Metatype-annotated type
 * {@link #parameterType()} (docs/plugin-guide.md, "A statistics collector").
 *
 * <p>The runner creates one collector per point of an experiment that asks for it, after the
 * point's network is described and before its first cycle; a point that asks for no statistics
 * creates none, so collectors cost nothing where they are not used.
 *
 * @param <P> the parameter type (an {@code @ObjectClassDefinition} annotation type)
 * @since 1.4
 */
@ProviderConcept(value = "statistics", order = 150)
@ConsumerType
public interface StatisticsCollectorFactory<P> extends ProviderFactory<P> {
    /**
     * A new collector for one point.
     *
     * @throws IllegalArgumentException when the parameters do not fit the context, naming the
     *         parameter (the experiment is then refused before it runs)
     */
    StatisticsCollector create(CollectorContext context, P parameters);
}
