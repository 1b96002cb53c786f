package org.fabrica.experiment.runner;

/**
 * One scheme of an experiment: the routing, queuing and throttle choices compared under a label.
 *
 * @param label unique label, used in point ids, tables and chart legends
 * @param routing routing choice
 * @param queuing queuing scheme choice
 * @param throttle throttle choice
 */
public record SchemeSpec(String label, ProviderChoice routing, ProviderChoice queuing, ProviderChoice throttle) {
}
