package org.fabrica.traffic.trace;

/**
 * The broadcasts a replay hands to the network's collective engine ({@link TraceReplay}, "Hardware
 * broadcasts"): the codes of the root's posted multicast packets, and per global rank and
 * broadcast the copies that have reached the rank's node and when the last one did. A rank blocked
 * in its k-th broadcast goes on when every packet of it has arrived; copies that arrive before the
 * rank enters the broadcast wait in its receive buffer (counted all the same).
 *
 * <p>A multicast packet's code is {@code -2 - (copy * broadcasts + ordinal - 1)}: below
 * {@link HardwareBarriers#ENTRY}, apart from the messages' non-negative codes.
 */
final class HardwareBroadcasts {
    /** Most (rank, broadcast) pairs a replay tracks. */
    static final long MAX_ENTRIES = 1L << 27;

    private final int perCopy;
    private final int ranks;
    /** Per (global rank, broadcast): copies arrived, and the cycle of the latest. */
    private final int[] arrived;
    private final long[] lastAt;
    private long packets;
    private long copiesDelivered;

    /**
     * @param broadcasts broadcasts of one copy of the trace
     * @param ranks ranks of one copy
     * @param copies copies of the trace
     * @throws IllegalArgumentException when the pairs exceed {@link #MAX_ENTRIES}
     */
    HardwareBroadcasts(int broadcasts, int ranks, int copies) {
        long entries = (long) broadcasts * ranks * copies;
        if (entries > MAX_ENTRIES) {
            throw new IllegalArgumentException(copies + " copies of " + ranks + " ranks x " + broadcasts
                    + " broadcasts exceed the " + MAX_ENTRIES + " (rank, broadcast) pairs a replay with hardware"
                    + " broadcasts tracks; replay fewer copies or broadcasts, or replay.broadcasts: software");
        }
        this.perCopy = broadcasts;
        this.ranks = ranks;
        this.arrived = new int[(int) entries];
        this.lastAt = new long[(int) entries];
    }

    /** The code of the packets of broadcast {@code ordinal} (from 1) of {@code copy}. */
    int code(int copy, long ordinal) {
        return -2 - (copy * perCopy + (int) ordinal - 1);
    }

    /** Whether {@code code} is a multicast packet's. */
    static boolean isMulticast(int code) {
        return code < HardwareBarriers.ENTRY;
    }

    /** The root posted one multicast packet (the network took it). */
    void sent() {
        packets++;
    }

    /** A copy of a multicast packet with {@code code} reached global rank {@code g} in {@code cycle}. */
    void arrived(int code, int g, long cycle) {
        int index = -2 - code;
        int copy = index / perCopy;
        if (g / ranks != copy) {
            throw new IllegalStateException("a multicast copy of copy " + copy + "'s broadcast " + (index % perCopy + 1)
                    + " reached global rank " + g + " of copy " + g / ranks
                    + ": the collective engine delivered it outside its group");
        }
        int at = g * perCopy + index % perCopy;
        arrived[at]++;
        lastAt[at] = cycle;
        copiesDelivered++;
    }

    /** The cycle the last of {@code needed} packets of rank g's broadcast {@code ordinal} arrived, or -1 while one has not. */
    long met(int g, long ordinal, long needed) {
        int at = g * perCopy + (int) ordinal - 1;
        return arrived[at] >= needed ? lastAt[at] : -1;
    }

    /** Packets of rank g's broadcast {@code ordinal} that have arrived. */
    int arrived(int g, long ordinal) {
        return arrived[g * perCopy + (int) ordinal - 1];
    }

    /** Multicast packets the roots sent. */
    long packets() {
        return packets;
    }

    /** Copies delivered to the ranks. */
    long copies() {
        return copiesDelivered;
    }
}
