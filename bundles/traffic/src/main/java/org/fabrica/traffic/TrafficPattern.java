package org.fabrica.traffic;

import java.util.SplittableRandom;
import org.osgi.annotation.versioning.ConsumerType;

/** Chooses the destination of each generated packet. Hot path: no allocation. */
@ConsumerType
public interface TrafficPattern {
    /** Value of {@link #destination} when the source sends nothing for this packet. */
    int NONE = -1;

    /**
     * Destination of a packet generated at {@code source}, or {@link #NONE} (e.g. when the pattern
     * maps the node to itself). {@code random} is the source node's own stream.
     */
    int destination(int source, SplittableRandom random);
}
