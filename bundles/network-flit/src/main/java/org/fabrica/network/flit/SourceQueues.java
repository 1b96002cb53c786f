package org.fabrica.network.flit;

import java.util.Arrays;

/**
 * The source queues of the network interfaces as rings of compact packet records: packet id,
 * creation cycle, destination and (in throttled runs) the VCs of the first hop, 20 or 28 bytes a
 * packet. A packet gets a {@link PacketPool} slot (about 60 bytes with its routing and delivery
 * state) only when it reaches the front of its queue, so a saturated run that keeps tens of
 * millions of generated packets waiting at their sources holds them here, not in the pool. The
 * rings grow by doubling; nothing is allocated while a queue stays within its peak size.
 */
final class SourceQueues {
    /** {@link #frontId} of an empty queue; larger than any packet id. */
    static final long EMPTY = Long.MAX_VALUE;

    private final long[][] id;
    private final long[][] created;
    private final int[][] destination;
    /** VCs the first hop may take, per record; null unless constructed with {@code firstHops}. */
    private final long[][] firstHopVcs;
    /** The virtual network chosen when the record was queued; null unless constructed with {@code firstHops}. */
    private final byte[][] virtualNetwork;
    private final int[] head;
    private final int[] size;
    /** Pool slot of the front record, -1 while it has none. */
    private final int[] frontSlot;
    /**
     * Id and first-hop VCs of each queue's front record, flat by queue ({@link #EMPTY} for an empty
     * queue): a throttled NI compares its lanes' fronts every cycle it waits, and these keep that scan
     * on one or two cache lines instead of one ring per lane.
     */
    private final long[] frontIds;
    private final long[] frontHops;
    private long records;
    private int materialized;

    SourceQueues(int queues, boolean firstHops) {
        id = new long[queues][4];
        created = new long[queues][4];
        destination = new int[queues][4];
        firstHopVcs = firstHops ? new long[queues][4] : null;
        virtualNetwork = firstHops ? new byte[queues][4] : null;
        head = new int[queues];
        size = new int[queues];
        frontSlot = new int[queues];
        Arrays.fill(frontSlot, -1);
        frontIds = new long[queues];
        Arrays.fill(frontIds, EMPTY);
        frontHops = firstHops ? new long[queues] : null;
    }

    /** Appends a packet record to queue {@code q}. */
    void add(int q, long packetId, long createdAt, int dst, long hopVcs) {
        add(q, packetId, createdAt, dst, hopVcs, 0);
    }

    /** Appends a packet record with the virtual network chosen for it (queues with first hops only). */
    void add(int q, long packetId, long createdAt, int dst, long hopVcs, int network) {
        int n = size[q];
        if (n == id[q].length) {
            grow(q);
        }
        int i = (head[q] + n) & (id[q].length - 1);
        id[q][i] = packetId;
        created[q][i] = createdAt;
        destination[q][i] = dst;
        if (firstHopVcs != null) {
            firstHopVcs[q][i] = hopVcs;
            virtualNetwork[q][i] = (byte) network;
        }
        size[q] = n + 1;
        records++;
        if (n == 0) {
            frontIds[q] = packetId;
            if (frontHops != null) {
                frontHops[q] = hopVcs;
            }
        }
    }

    private void grow(int q) {
        int n = size[q];
        int h = head[q];
        int mask = id[q].length - 1;
        long[] ids = new long[n * 2];
        long[] times = new long[n * 2];
        int[] dsts = new int[n * 2];
        long[] hops = firstHopVcs == null ? null : new long[n * 2];
        byte[] networks = firstHopVcs == null ? null : new byte[n * 2];
        for (int k = 0; k < n; k++) {
            int i = (h + k) & mask;
            ids[k] = id[q][i];
            times[k] = created[q][i];
            dsts[k] = destination[q][i];
            if (hops != null) {
                hops[k] = firstHopVcs[q][i];
                networks[k] = virtualNetwork[q][i];
            }
        }
        id[q] = ids;
        created[q] = times;
        destination[q] = dsts;
        if (hops != null) {
            firstHopVcs[q] = hops;
            virtualNetwork[q] = networks;
        }
        head[q] = 0;
    }

    int size(int q) {
        return size[q];
    }

    boolean isEmpty(int q) {
        return size[q] == 0;
    }

    /** Id of the front record, or {@link #EMPTY}. */
    long frontId(int q) {
        return frontIds[q];
    }

    long frontCreated(int q) {
        return created[q][head[q]];
    }

    int frontDestination(int q) {
        return destination[q][head[q]];
    }

    /** The first-hop VCs of the front record (throttled runs only). */
    long frontFirstHopVcs(int q) {
        return frontHops[q];
    }

    /** The virtual network of the front record (queues with first hops only). */
    int frontVirtualNetwork(int q) {
        return virtualNetwork[q][head[q]];
    }

    /** Pool slot of the front record, or -1 if it has none yet. */
    int frontSlot(int q) {
        return frontSlot[q];
    }

    void frontSlot(int q, int slot) {
        if (frontSlot[q] < 0) {
            materialized++;
        }
        frontSlot[q] = slot;
    }

    /** Removes the front record (its packet has left, its pool slot now belongs to the network). */
    void removeFirst(int q) {
        if (frontSlot[q] >= 0) {
            frontSlot[q] = -1;
            materialized--;
        }
        int h = (head[q] + 1) & (id[q].length - 1);
        head[q] = h;
        int n = --size[q];
        records--;
        if (n == 0) {
            frontIds[q] = EMPTY;
        } else {
            frontIds[q] = id[q][h];
            if (frontHops != null) {
                frontHops[q] = firstHopVcs[q][h];
            }
        }
    }

    /** Records in all queues. */
    long records() {
        return records;
    }

    /** Records that hold a pool slot (at most one per queue). */
    int materialized() {
        return materialized;
    }
}
