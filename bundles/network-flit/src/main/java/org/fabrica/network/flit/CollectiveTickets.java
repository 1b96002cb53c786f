package org.fabrica.network.flit;

import java.util.Arrays;

/**
 * The class and header of the collective packets queued at interfaces before they have a pool
 * slot: a queued record's destination field holds {@code -2 - ticket}, and the packet takes its
 * slot when it reaches the front of its queue ({@link #materialize}). A table with a free list.
 */
final class CollectiveTickets {
    private final PacketPool pool;
    private int[] ticketClass = new int[16];
    private int[] ticketHeader = new int[16];
    private int[] next = new int[16];
    private int free;
    /** Flits of a multicast packet: the run's packet length. */
    private int packetFlits = 1;

    CollectiveTickets(PacketPool pool) {
        this.pool = pool;
        for (int i = 0; i < next.length; i++) {
            next[i] = i + 1 < next.length ? i + 1 : -1;
        }
    }

    void packetFlits(int flits) {
        this.packetFlits = flits;
    }

    /** A ticket for a queued packet of {@code packetClass} and header {@code h}. */
    int ticket(int packetClass, int h) {
        if (free < 0) {
            int n = ticketClass.length;
            ticketClass = Arrays.copyOf(ticketClass, n * 2);
            ticketHeader = Arrays.copyOf(ticketHeader, n * 2);
            next = Arrays.copyOf(next, n * 2);
            for (int i = n; i < n * 2; i++) {
                next[i] = i + 1 < n * 2 ? i + 1 : -1;
            }
            free = n;
        }
        int k = free;
        free = next[k];
        ticketClass[k] = packetClass;
        ticketHeader[k] = h;
        return k;
    }

    /** The pool slot of the queued packet whose record's destination is {@code code} ({@code -2 - ticket}), at node {@code n}. */
    int materialize(int n, long id, int code, long created) {
        int k = -2 - code;
        boolean hidden = ticketClass[k] == CollectiveUnit.HIDDEN;
        int s = pool.allocate(id, n, n, hidden ? CollectiveUnit.FLITS : packetFlits, created);
        pool.packetClass[s] = (byte) ticketClass[k];
        pool.header[s] = ticketHeader[k];
        next[k] = free;
        free = k;
        return s;
    }
}
