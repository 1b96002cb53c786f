package org.fabrica.experiment.runner;

import java.util.List;
import org.fabrica.experiment.file.ProviderChoice;

/**
 * One scheme of an experiment: the routing, queuing and throttle choices (and, in mode m2n, the
 * scheduler) compared under a label.
 *
 * @param label unique label, used in point ids, tables and chart legends
 * @param routing routing choice
 * @param queuing queuing scheme choice
 * @param throttle throttle choice
 * @param routesFrom the scheduler whose plan gives the routing its routes ({@code routing.from},
 *        {@link RoutesFromScheduler}), or null when the routing decides alone
 * @param scheduler mode m2n: the scheduler that plans the communications; null in the other modes
 * @param communications mode m2n: labels of the communications the scheme is run on; empty = all
 * @param hardware the scheme's own hardware: the experiment's hardware choice with the scheme's
 *        {@code hardware} parameters over it (path {@code schemes[i].hardware}), or null when the
 *        scheme runs on the experiment's hardware
 */
public record SchemeSpec(String label, ProviderChoice routing, ProviderChoice queuing, ProviderChoice throttle,
        ProviderChoice routesFrom, ProviderChoice scheduler, List<String> communications, ProviderChoice hardware) {
    public SchemeSpec {
        communications = communications == null ? List.of() : List.copyOf(communications);
    }

    /** A scheme on the experiment's hardware. */
    public SchemeSpec(String label, ProviderChoice routing, ProviderChoice queuing, ProviderChoice throttle,
            ProviderChoice routesFrom, ProviderChoice scheduler, List<String> communications) {
        this(label, routing, queuing, throttle, routesFrom, scheduler, communications, null);
    }

    /** A scheme whose routing decides alone. */
    public SchemeSpec(String label, ProviderChoice routing, ProviderChoice queuing, ProviderChoice throttle) {
        this(label, routing, queuing, throttle, null, null, List.of());
    }

    /** A scheme with routes from a scheduler (or null), without m2n scheduler. */
    public SchemeSpec(String label, ProviderChoice routing, ProviderChoice queuing, ProviderChoice throttle,
            ProviderChoice routesFrom) {
        this(label, routing, queuing, throttle, routesFrom, null, List.of());
    }

    /** Whether the scheme runs on the communication (pattern row) {@code label}. */
    public boolean appliesTo(String label) {
        return communications.isEmpty() || communications.contains(label);
    }
}
