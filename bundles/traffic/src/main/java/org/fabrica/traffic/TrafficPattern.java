package org.fabrica.traffic;

import java.util.SplittableRandom;
import org.osgi.annotation.versioning.ConsumerType;

/** Chooses the destination of each generated packet. Hot path: no allocation. */
@ConsumerType
public interface TrafficPattern {
    /** Value of {@link #destination} when the source sends nothing for this packet. */
    int NONE = -1;

    /**
     * Value of {@link #destination} when the source's process enters a collective operation
     * instead of sending a packet: the network hands it to its collective engine, for the group
     * {@link #collectiveGroup} gives (since 1.3).
     */
    int COLLECTIVE = -2;

    /**
     * Destination of a packet generated at {@code source}, or {@link #NONE} (e.g. when the pattern
     * maps the node to itself). {@code random} is the source node's own stream.
     */
    int destination(int source, SplittableRandom random);

    /**
     * Whether a packet from {@code source} to {@code destination} is foreground traffic, the traffic
     * a study measures, rather than background traffic the pattern adds to load the network (the
     * packets of {@code hotspot}'s hot sources: the study measures the uniform packets around them).
     * A measurement that measures only the foreground (steady mode's {@code measuredPackets:
     * foreground}, docs/user-guide.md) asks it for every packet when the packet is generated and
     * when it is delivered, from the source and destination every network event carries, so nothing
     * is stored per packet: the answer must depend on these two arguments only, never on the random
     * stream or the time. Hot path: no allocation. Default: every packet is foreground.
     *
     * @since 1.2
     */
    default boolean foreground(int source, int destination) {
        return true;
    }

    /**
     * The group of the collective operation {@code source} enters, asked right after
     * {@link #destination} returned {@link #COLLECTIVE} for it.
     *
     * @since 1.3
     */
    default int collectiveGroup(int source) {
        throw new UnsupportedOperationException("this traffic pattern enters no collective operation");
    }
}
