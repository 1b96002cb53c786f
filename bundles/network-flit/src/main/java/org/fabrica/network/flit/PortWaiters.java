package org.fabrica.network.flit;

/**
 * With VOQ crossbar access, the queue heads that found every candidate VC of their output port
 * taken, parked out of their router's VA mask until that port changes.
 *
 * <p>A VOQ queue holds packets for one output port, so its head's candidates are VCs of that port
 * alone, and only an event at that port can give it a request: one of its VCs released, or a
 * credit returned to an unowned one under cut-through. Until then the VC allocation would find it
 * blocked again; the router-wide epoch ({@link ActiveRouters#EPOCH}) skipped it, but still read
 * its record every cycle any output of the router changed, and a 48-port switch with VOQ holds up
 * to 48 heads per input VC: on the k = 48 KNS at saturation 14% of the samples of a profile
 * were on those reads, and the point ran 1.5 times as fast without them
 * (docs/studies/osha-sasha.md). Parked heads cost nothing until their port {@linkplain #wake wakes}
 * them into the VA mask again (the VC allocation then sees them in its next step, as it would
 * have with the epoch: the requests, and so the results, are the same).
 *
 * <p>Contention ({@link ContentionCounter}): a head parked before it was counted as waiting for
 * another flow (blocked by credits, or by a VC of its own flow) is also woken when its port's VC
 * is granted to another head, so it sees that owner as soon as it is there; a head already
 * counted as waiting is not (nothing but a freed VC changes what it does). While every packet has
 * one length (every unicast run), that grant wake changes nothing: a VC a parked head could not
 * take becomes takable to a head of the same length only by a release or a credit, which wake the
 * whole port first, so the VC granted is either one the parked head was woken for already or one
 * outside its candidates (another VC class: it looks, finds its own VCs as they were, and parks
 * again). Only a shorter packet beside longer ones, under cut-through, can be granted a VC a
 * parked longer head could not take, and no network accepted today has that with VOQ access
 * (unicast packets have the experiment's one length, and collective engines, whose packets are
 * shorter, are refused with VOQ): the grant wake is a safeguard for when one does.
 *
 * <p>Per router and output port two masks over the router's input VCs ({@code port * vcs + vc},
 * whose queue for output {@code o} is {@link Wiring#localQueue}):
 * {@code noted} for heads counted as waiting for another flow, {@code other} for the rest.
 */
final class PortWaiters {
    private final long[] masks;
    /** Per router, the offset of its output port 0's two masks. */
    private final int[] base;
    /** Per router, words of one mask (its input VCs). */
    private final int[] words;
    private final int[] queuesPerVc;
    private final long[] rt;
    private final int stride;
    /** Heads parked so far (tests, diagnostics). */
    long parks;
    /** Heads woken by a grant at their port so far (tests: none with one packet length and one VC class). */
    long grantWakes;

    PortWaiters(Wiring wiring, ActiveRouters routers) {
        int n = wiring.routers;
        this.base = new int[n];
        this.words = new int[n];
        this.queuesPerVc = wiring.queuesPerVc.clone();
        long total = 0;
        for (int r = 0; r < n; r++) {
            int ports = wiring.ports(r);
            words[r] = (ports * wiring.vcs + 63) >>> 6;
            base[r] = Math.toIntExact(total);
            total += 2L * ports * words[r];
        }
        this.masks = new long[Math.toIntExact(total)];
        this.rt = routers.rt;
        this.stride = routers.stride;
    }

    /**
     * Parks local queue {@code l} of router {@code r}, whose head found no free candidate VC; its
     * VA bit is cleared. {@code noted}: it is counted as waiting for another flow.
     */
    void park(int r, int l, boolean noted) {
        int q = queuesPerVc[r];
        int iv = Wiring.localQueueVc(l, q);
        int w = words[r];
        int m = base[r] + (Wiring.localQueueOut(l, q) << 1) * w + (noted ? 0 : w) + (iv >>> 6);
        masks[m] |= 1L << iv;
        parks++;
        rt[r * stride + ActiveRouters.VA + (l >>> 6)] &= ~(1L << l);
    }

    /**
     * A VC of output port {@code port} of router {@code r} may have become free: every head parked
     * for it goes back to VA.
     */
    void wake(int r, int port) {
        int w = words[r];
        int m = base[r] + (port << 1) * w;
        release(r, port, m, w << 1);
    }

    /**
     * A VC of output port {@code port} of router {@code r} got an owner: the heads parked there not
     * yet counted as waiting for another flow go back to VA.
     */
    void granted(int r, int port) {
        int w = words[r];
        grantWakes += release(r, port, base[r] + ((port << 1) + 1) * w, w);
    }

    /** Wakes the heads of masks {@code from .. from + count - 1}; returns how many. */
    private int release(int r, int port, int from, int count) {
        final long[] m = masks;
        int w = words[r];
        int q = queuesPerVc[r];
        int va = r * stride + ActiveRouters.VA;
        int woken = 0;
        for (int k = 0; k < count; k++) {
            long bits = m[from + k];
            if (bits == 0) {
                continue;
            }
            m[from + k] = 0;
            woken += Long.bitCount(bits);
            int ivBase = (k < w ? k : k - w) << 6;
            do {
                int l = Wiring.localQueue(ivBase + Long.numberOfTrailingZeros(bits), port, q);
                bits &= bits - 1;
                rt[va + (l >>> 6)] |= 1L << l;
            } while (bits != 0);
        }
        return woken;
    }

    /** Whether local queue {@code l} of router {@code r} is parked (invariant checks). */
    boolean parked(int r, int l) {
        int q = queuesPerVc[r];
        int iv = Wiring.localQueueVc(l, q);
        int w = words[r];
        int m = base[r] + (Wiring.localQueueOut(l, q) << 1) * w + (iv >>> 6);
        long bit = 1L << iv;
        return ((masks[m] | masks[m + w]) & bit) != 0;
    }

    /** Longs held, for the state estimate. */
    long size() {
        return masks.length;
    }
}
