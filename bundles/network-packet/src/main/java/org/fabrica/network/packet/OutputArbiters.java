package org.fabrica.network.packet;

import org.fabrica.router.AllocationRequests;
import org.fabrica.router.Allocator;

/**
 * The output arbiters of per-VC crossbars ({@code per-vc}): switch allocation runs one crossbar
 * per VC, each granting at most one input per output slot (port, VC); then each output's arbiter
 * (the hardware model's part) chooses one of its slots' winners, as the flit model's
 * {@code Crossbar} does. Requests are numbered by slot, so the arbiter's pointers move as there.
 */
final class OutputArbiters {
    private final CheckedAllocator arbiter;
    private final AllocationRequests requests;
    /** Per local output slot: the switch-allocation request that won it, or -1. */
    private final int[] slotWinner;
    private final int vcs;
    private final int[][] vcPriority;
    private final PacketPool pool;

    OutputArbiters(Allocator arbiter, String arbiterName, int localQueues, int vcs, int[][] vcPriority,
            PacketPool pool) {
        this.arbiter = new CheckedAllocator(arbiter, arbiterName, "output arbitration", localQueues);
        this.requests = AllocationRequests.withCapacity(localQueues);
        this.slotWinner = new int[localQueues];
        java.util.Arrays.fill(slotWinner, -1);
        this.vcs = vcs;
        this.vcPriority = vcPriority;
        this.pool = pool;
    }

    /**
     * Router {@code r} (of {@code ports} ports) in cycle {@code t}: of the {@code n} switch
     * allocation grants in {@code grants} (indices of {@code sq}'s requests, whose outputs are
     * slots), each output's arbiter keeps one; the kept ones are written back into {@code grants},
     * their count returned. {@code requestQueue} gives each request's queue, read through
     * {@code routers} for the age and output VC an arbiter may use.
     */
    int arbitrate(int r, int ports, int n, AllocationRequests sq, int[] grants, int[] requestQueue, Routers routers,
            long t) {
        AllocationRequests a = requests;
        int slots = ports * vcs;
        for (int k = 0; k < n; k++) {
            slotWinner[sq.output()[grants[k]]] = grants[k];
        }
        int count = 0;
        for (int slot = 0; slot < slots; slot++) {
            int i = slotWinner[slot];
            if (i < 0) {
                continue;
            }
            a.input()[count] = slot;
            a.output()[count] = slot / vcs;
            a.sub()[count] = 0;
            a.rank()[count] = 0;
            if (arbiter.usesPriority) {
                a.priority()[count] = vcPriority[r][slot % vcs];
            }
            if (arbiter.usesAge) {
                a.age()[count] = pool.created(routers.front(requestQueue[i]));
            }
            if (arbiter.usesOutputVc) {
                a.outputVc()[count] = routers.outVc(requestQueue[i]) % vcs;
            }
            count++;
        }
        int m = arbiter.allocate(r, count, a, grants, t);
        // the arbiter's grants index its requests; map them back to the switch allocation's
        for (int k = 0; k < m; k++) {
            grants[k] = slotWinner[a.input()[grants[k]]];
        }
        for (int slot = 0; slot < slots; slot++) {
            slotWinner[slot] = -1;
        }
        return m;
    }
}
