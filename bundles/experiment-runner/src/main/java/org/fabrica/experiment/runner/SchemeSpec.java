package org.fabrica.experiment.runner;

/**
 * One scheme of an experiment: the routing, queuing and throttle choices compared under a label.
 *
 * @param label unique label, used in point ids, tables and chart legends
 * @param routing routing choice
 * @param queuing queuing scheme choice
 * @param throttle throttle choice
 * @param routesFrom the scheduler whose plan gives the routing its routes ({@code routing.from},
 *        {@link RoutesFromScheduler}), or null when the routing decides alone
 */
public record SchemeSpec(String label, ProviderChoice routing, ProviderChoice queuing, ProviderChoice throttle,
        ProviderChoice routesFrom) {

    /** A scheme whose routing decides alone. */
    public SchemeSpec(String label, ProviderChoice routing, ProviderChoice queuing, ProviderChoice throttle) {
        this(label, routing, queuing, throttle, null);
    }
}
