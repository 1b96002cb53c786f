package org.fabrica.network.flit;

/**
 * Counts contention events (always on).
 *
 * <p>A <i>contention event</i> is a packet that, at a router, had its route and was ready to take
 * an output but could not because the output was held by, or granted in the same cycle to, a
 * packet of <i>another flow</i> (another source-destination pair): in VC allocation, every
 * candidate output VC was taken and at least one was owned by another flow, or an output VC it
 * requested was granted to another flow's request while it got none; in switch allocation, its
 * request was not granted and its output went to another crossbar input's flit of another flow.
 * Each packet counts at most once per router (an event is "this packet waited for another flow
 * here", not a cycle of waiting), separately for outputs toward another router ({@link #events}:
 * link and switch-port contention) and terminal outputs ({@link #endpointEvents}: endpoint
 * contention). {@link #waitCycles} sums, per event, the cycles from the first refusal to the cycle
 * the packet got its output VC (or, for a switch-allocation loss, its next flit crossed). Not
 * counted: waiting for credits of a free output VC (flow control: the downstream buffer is still
 * draining, whoever filled it; the cause, if contention, is counted where it happens), a packet
 * waiting behind an earlier packet of its own flow, losing the switch to another VC of the same
 * crossbar input, source queueing in the NI, and throttle refusals.
 */
final class ContentionCounter {
    /** Contention state (VcStates.CONTENTION): counted as an event at this router. */
    static final int COUNTED = 1;
    /** Counted, and waiting for another flow since {@link #waitSince}. */
    static final int WAITING = 2;

    private final int[] vc;
    private final PacketPool pool;
    /** Per input VC: cycle from which its front packet waits for another flow (valid in state WAITING). */
    final long[] waitSince;
    long events;
    long endpointEvents;
    long waitCycles;

    ContentionCounter(InputBuffers inputs, PacketPool pool, int totalQueues) {
        this.vc = inputs.vc;
        this.pool = pool;
        this.waitSince = new long[totalQueues];
    }

    /** True when the front packets of input VCs {@code a} and {@code b} belong to different flows. */
    boolean otherFlow(int a, int b) {
        int sa = vc[(a << InputBuffers.VC_SHIFT) + InputBuffers.FRONT_SLOT];
        int sb = vc[(b << InputBuffers.VC_SHIFT) + InputBuffers.FRONT_SLOT];
        return pool.source[sa] != pool.source[sb] || pool.destination[sa] != pool.destination[sb];
    }

    /** Input VC {@code iv}'s front packet waits for another flow from cycle {@code t} (if not already). */
    void note(int iv, boolean terminal, long t) {
        int x = (iv << InputBuffers.VC_SHIFT) + VcStates.CONTENTION;
        int state = vc[x];
        if (state == WAITING) {
            return;
        }
        if (state == 0) {
            if (terminal) {
                endpointEvents++;
            } else {
                events++;
            }
        }
        vc[x] = WAITING;
        waitSince[iv] = t;
    }

    /** The wait of input VC {@code iv} (if any) ends at cycle {@code t}: it got its output. */
    void end(int iv, long t) {
        int x = (iv << InputBuffers.VC_SHIFT) + VcStates.CONTENTION;
        if (vc[x] == WAITING) {
            waitCycles += t - waitSince[iv];
            vc[x] = COUNTED;
        }
    }
}
