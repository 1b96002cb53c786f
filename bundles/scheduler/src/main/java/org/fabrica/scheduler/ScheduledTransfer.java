package org.fabrica.scheduler;

import java.util.Objects;
import java.util.Optional;

/**
 * A transfer placed in a round of a {@link Plan}.
 *
 * @param request index in {@link Demands#transfers()} of the demanded transfer this serves (a
 *        demand may be served by several scheduled transfers, e.g. one per virtual destination)
 * @param source source end node, after placement ({@link Plan#placement()})
 * @param destination destination end node, after placement
 * @param size units sent by this transfer ({@link Plan#unit()})
 * @param route the source route to use, or empty when the network's routing algorithm decides
 */
public record ScheduledTransfer(int request, int source, int destination, long size, Optional<Route> route) {
    /** Checks the fields. */
    public ScheduledTransfer {
        Objects.requireNonNull(route, "route (use Optional.empty() for network routing)");
        if (request < 0 || source < 0 || destination < 0 || size < 1) {
            throw new IllegalArgumentException("scheduled transfer (request " + request + ", " + source + " -> "
                    + destination + ", size " + size + ") needs request, nodes >= 0 and size >= 1");
        }
    }

    /** A transfer that the network's routing algorithm routes. */
    public ScheduledTransfer(int request, int source, int destination, long size) {
        this(request, source, destination, size, Optional.empty());
    }
}
