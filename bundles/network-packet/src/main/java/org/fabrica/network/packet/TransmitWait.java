package org.fabrica.network.packet;

/**
 * Transmit-wait counters (InfiniBand PortVLXmitWait) per output VC, counted as the flit model
 * counts them (its {@code TransmitWait}): a cycle counts for output VC {@code ov} when, at the end
 * of the cycle, a head of its router waits for VC allocation with {@code ov} among its candidates,
 * {@code ov} has no owner, and its credits are fewer than that head's packet has flits (under
 * virtual cut-through a head moves only when the whole packet fits). A head waiting for a VC
 * another packet owns waits for that packet and does not count; an owner always holds credits for
 * the rest of its packet, so it never counts either. Each VC counts at most once per cycle.
 *
 * <p>Nothing is counted until a queuing scheme asks: the first question about a router starts its
 * counters (it answers 0), from the end of that cycle on, as in the flit model. Without an event
 * per cycle: between two changes of an output VC (a head starts or stops waiting for it, it is
 * granted or released, a credit ramp is added to it) its free credits only rise, so the cycles it
 * counts are one interval, known when it changes ({@link #changed}); a change or a reading adds
 * the part of the interval that has passed. Runs whose scheme never asks pay one flag test per
 * change.
 */
final class TransmitWait {
    private final Wiring w;
    private final CreditCounters credits;
    private final Routers routers;
    private final int vcs;
    /** Per router: whether its counters run. */
    private final boolean[] tracked;
    /** Per output VC: cycles counted before {@link #from}; null until a router is tracked. */
    private long[] waited;
    /** Per output VC: the cycles [from, until) it counts if nothing changes ({@code until <= from}: none). */
    private long[] from;
    private long[] until;
    /** True once a router is tracked: the routers then report their output VCs' changes. */
    boolean counting;

    TransmitWait(Wiring w, CreditCounters credits, Routers routers) {
        this.w = w;
        this.credits = credits;
        this.routers = routers;
        this.vcs = w.vcs;
        this.tracked = new boolean[w.routers];
    }

    /**
     * The counter of VC {@code vc} of output {@code outPort} of {@code router}: the cycles before
     * {@code now} it counted since its router was first asked about (starting the router's counters).
     */
    long read(int router, int outPort, int vc, long now) {
        int ov = (w.portBase[router] + outPort) * vcs + vc;
        if (!tracked[router]) {
            if (waited == null) {
                int total = w.totalPorts * vcs;
                waited = new long[total];
                from = new long[total];
                until = new long[total];
            }
            tracked[router] = true;
            counting = true;
            routers.countWaits = true;
            for (int o = w.portBase[router] * vcs, end = w.portBase[router + 1] * vcs; o < end; o++) {
                predict(o, now);
            }
            return 0;
        }
        settle(ov, now);
        return waited[ov];
    }

    /** Output VC {@code ov} (of any router) changed in cycle {@code now}: what it counts from now on. */
    void changed(int ov, long now) {
        if (!tracked[w.portRouter[ov / vcs]]) {
            return;
        }
        settle(ov, now);
        predict(ov, now);
    }

    /** Adds the cycles before {@code now} of the interval {@code ov} counts. */
    private void settle(int ov, long now) {
        long f = from[ov];
        if (f < now) {
            long u = Math.min(until[ov], now);
            if (u > f) {
                waited[ov] += u - f;
            }
            from[ov] = now;
        }
    }

    /** The cycles from {@code now} on that {@code ov} counts while nothing changes. */
    private void predict(int ov, long now) {
        from[ov] = now;
        until[ov] = now;
        int longest = routers.longestWaitingFor(ov);
        if (longest == 0) {
            return; // no head waits for it
        }
        long free = freeFrom(ov, now);
        if (free == Long.MAX_VALUE) {
            return; // owned: its owner never waits for credits under virtual cut-through
        }
        from[ov] = free;
        until[ov] = credits.firstEndWith(ov, longest, free);
    }

    /**
     * The first cycle from {@code now} at whose end output VC {@code ov} has no owner (its last
     * packet's tail sent), as the flit model sees it; {@link Long#MAX_VALUE} while a packet holds it.
     */
    private long freeFrom(int ov, long now) {
        return routers.owner[ov] >= 0 ? Long.MAX_VALUE : Math.max(now, routers.ownerFreeAt[ov] - 1);
    }
}
