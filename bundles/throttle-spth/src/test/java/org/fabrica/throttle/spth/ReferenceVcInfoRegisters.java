package org.fabrica.throttle.spth;

import java.util.Arrays;
import org.fabrica.throttle.ThrottleContext;
import org.fabrica.topology.CartesianTopology;

/**
 * Test-scope reference: the straightforward VCinfo implementation (every register recomputed
 * every cycle from per-buffer context calls), kept as the oracle for the optimised
 * {@link VcInfoRegisters}. Semantics identical; see there.
 *
 * <p>The VCinfo registers of a whole network (docs/studies/spth.md, "VCinfo: how congestion state
 * propagates"): for every router,
 * output port and VC an L-bit register whose bit 0 is the busy state of the input buffer that
 * output feeds, and whose bit j is the state of the buffer j+1 hops further along the same
 * dimension and direction, seen j cycles late.
 *
 * <p>One {@link #propagate()} is one cycle of ideal propagation. Every router s sends to its
 * upstream neighbour r (the router whose straight-through output feeds s) its own register for
 * that straight-through output shifted left by one, with the state of its own input buffer in
 * bit 0; r keeps the lowest L bits:
 * {@code next(r, p, v) = (busy(s.in[q][v]) | cur(s, p, v) << 1) & mask}, where s is the
 * neighbour on port p and q the port it arrives on. On a k-ary n-cube the straight-through
 * output at s has the same port number p (same dimension and direction). The registers are
 * double-buffered (every next value is computed from the current ones, then the arrays swap),
 * so the result does not depend on the order in which routers are visited.
 *
 * <p>Terminal and unused ports have no register chain: their registers stay 0, so a packet
 * whose first hop is an ejection is never held back (the ejection buffer is not part of the
 * ring whose congestion the throttle relieves).
 *
 * <p>A topology other than a k-ary n-cube would need, for every (router, output port), the
 * output at the downstream router that continues in the same direction (e.g. from a routing
 * look-ahead); that map is the only Cartesian assumption here.
 */
final class ReferenceVcInfoRegisters {
    private final ThrottleContext context;
    private final int vcs;
    private final int length;
    private final long mask;
    private final int margin;
    private final boolean credits;

    /** First register index of router r's port 0 divided by vcs, i.e. the router's first global port. */
    private final int[] portBase;

    /** Current and next register values; the extra last slot is a constant 0 for chains that end. */
    private long[] current;
    private long[] next;

    // One wire per register that has a downstream buffer: where it lives, whose register it
    // shifts in, and which buffer's state it samples (router, port, VC as the context names it).
    private final int wires;
    private final int[] wireRegister;
    private final int[] wireDownstream;
    private final int[] wireSampleRouter;
    private final int[] wireSamplePort;
    private final int[] wireVc;

    ReferenceVcInfoRegisters(ThrottleContext context, CartesianTopology topology, int length, int margin, boolean credits) {
        this.context = context;
        this.vcs = context.vcs();
        this.length = length;
        this.mask = length >= 64 ? -1L : (1L << length) - 1;
        this.margin = margin;
        this.credits = credits;
        int routers = topology.routers();
        portBase = new int[routers + 1];
        for (int r = 0; r < routers; r++) {
            portBase[r + 1] = portBase[r] + topology.ports(r);
        }
        int registers = portBase[routers] * vcs;
        current = new long[registers + 1];
        next = new long[registers + 1];

        int networkPorts = 2 * topology.dimensions();
        int count = 0;
        for (int r = 0; r < routers; r++) {
            for (int p = 0; p < networkPorts && p < topology.ports(r); p++) {
                if (topology.neighbor(r, p) >= 0) {
                    count++;
                }
            }
        }
        wires = count * vcs;
        wireRegister = new int[wires];
        wireDownstream = new int[wires];
        wireSampleRouter = new int[wires];
        wireSamplePort = new int[wires];
        wireVc = new int[wires];
        // Wires are ordered by the buffer they sample (global port, then VC), the order in which a
        // network model keeps its per-VC state, so the per-cycle sampling walks its arrays forwards.
        int[] wireOfSample = new int[registers];
        Arrays.fill(wireOfSample, -1);
        int[] register = new int[wires];
        int[] downstream = new int[wires];
        int w = 0;
        for (int r = 0; r < routers; r++) {
            for (int p = 0; p < networkPorts && p < topology.ports(r); p++) {
                int s = topology.neighbor(r, p);
                if (s < 0) {
                    continue;
                }
                int q = topology.neighborPort(r, p);
                // straight through on a k-ary n-cube: the same port number at the downstream router
                boolean chainGoesOn = p < topology.ports(s) && topology.neighbor(s, p) >= 0;
                for (int v = 0; v < vcs; v++) {
                    register[w] = index(r, p, v);
                    downstream[w] = chainGoesOn ? index(s, p, v) : registers;
                    wireOfSample[credits ? index(r, p, v) : index(s, q, v)] = w;
                    w++;
                }
            }
        }
        int placed = 0;
        for (int r = 0; r < routers; r++) {
            for (int p = 0; p < topology.ports(r); p++) {
                for (int v = 0; v < vcs; v++) {
                    int from = wireOfSample[index(r, p, v)];
                    if (from < 0) {
                        continue;
                    }
                    wireRegister[placed] = register[from];
                    wireDownstream[placed] = downstream[from];
                    wireSampleRouter[placed] = r;
                    wireSamplePort[placed] = p;
                    wireVc[placed] = v;
                    placed++;
                }
            }
        }
    }

    /** Register length L in bits. */
    int length() {
        return length;
    }

    /** One cycle of propagation: samples every buffer's busy state now and shifts the chains by one hop. */
    void propagate() {
        long[] cur = current;
        long[] nxt = next;
        int m = margin;
        long msk = mask;
        ThrottleContext c = context;
        for (int w = 0; w < wires; w++) {
            int free = credits ? c.freeFlits(wireSampleRouter[w], wireSamplePort[w], wireVc[w])
                    : c.inputFreeFlits(wireSampleRouter[w], wireSamplePort[w], wireVc[w]);
            long busy = free <= m ? 1L : 0L; // busy when free space is at most the margin (th(margin))
            nxt[wireRegister[w]] = (busy | cur[wireDownstream[w]] << 1) & msk;
        }
        current = nxt;
        next = cur;
    }

    /** The register of (router, output port, VC), already masked to L bits. */
    long register(int router, int outPort, int vc) {
        return current[index(router, outPort, vc)];
    }

    private int index(int router, int port, int vc) {
        return (portBase[router] + port) * vcs + vc;
    }
}
