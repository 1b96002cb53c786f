package org.fabrica.experiment.runner;

import java.util.List;

/**
 * One scheme of an experiment: the routing, queuing and throttle choices (and, in mode m2n, the
 * scheduler) compared under a label.
 *
 * @param label unique label, used in point ids, tables and chart legends
 * @param routing routing choice
 * @param queuing queuing scheme choice
 * @param throttle throttle choice
 * @param scheduler mode m2n: the scheduler that plans the communications; null in the other modes
 * @param communications mode m2n: labels of the communications the scheme is run on; empty = all
 */
public record SchemeSpec(String label, ProviderChoice routing, ProviderChoice queuing, ProviderChoice throttle,
        ProviderChoice scheduler, List<String> communications) {
    public SchemeSpec {
        communications = communications == null ? List.of() : List.copyOf(communications);
    }

    /** A scheme without scheduler (every mode but m2n). */
    public SchemeSpec(String label, ProviderChoice routing, ProviderChoice queuing, ProviderChoice throttle) {
        this(label, routing, queuing, throttle, null, List.of());
    }

    /** Whether the scheme runs on the communication (pattern row) {@code label}. */
    public boolean appliesTo(String label) {
        return communications.isEmpty() || communications.contains(label);
    }
}
