package org.fabrica.network.packet;

import org.fabrica.kernel.SimulationException;
import org.fabrica.router.AllocationRequests;
import org.fabrica.router.Allocator;

/**
 * One of the hardware model's allocators as the routers call it, once per router and cycle in which
 * heads ask, with its answer checked: a grant count out of range, a grant naming no request, or an
 * input or output granted twice fails the run naming the allocator and what it was used for (VC
 * allocation, switch allocation, output arbitration), the router and the cycle.
 */
final class CheckedAllocator {
    private final Allocator allocator;
    private final String name;
    private final String use;
    private final boolean[] inputTaken;
    private final boolean[] outputTaken;
    /** What the allocator reads, asked once (as the flit model's AllocationStage does): the requests fill only these. */
    final boolean usesPriority;
    final boolean usesAge;
    final boolean usesOutputVc;

    /** {@code size}: more than the largest input and output index a request of one router may name. */
    CheckedAllocator(Allocator allocator, String name, String use, int size) {
        this.allocator = allocator;
        this.name = name;
        this.use = use;
        this.inputTaken = new boolean[Math.max(size, 1)];
        this.outputTaken = new boolean[Math.max(size, 1)];
        this.usesPriority = allocator != null && allocator.usesPriority();
        this.usesAge = allocator != null && allocator.usesAge();
        this.usesOutputVc = allocator != null && allocator.usesOutputVc();
    }

    /** Asks for the grants of the {@code count} requests in {@code q} at router {@code r}; their indices land in {@code grants}. */
    int allocate(int r, int count, AllocationRequests q, int[] grants, long t) {
        int n;
        try {
            n = allocator.allocate(r, count, q, grants);
        } catch (RuntimeException e) {
            throw new SimulationException(use + " allocator '" + name + "' threw " + e + " at router " + r + ", cycle " + t,
                    e);
        }
        if (n < 0 || n > count) {
            throw new SimulationException(use + " allocator '" + name + "' returned " + n + " grants for " + count
                    + " requests at router " + r + ", cycle " + t);
        }
        for (int k = 0; k < n; k++) {
            int i = grants[k];
            if (i < 0 || i >= count) {
                throw new SimulationException(use + " allocator '" + name + "' granted request " + i + " of " + count
                        + " at router " + r + ", cycle " + t);
            }
        }
        for (int k = 0; k < n; k++) {
            int in = q.input()[grants[k]];
            int out = q.output()[grants[k]];
            if (inputTaken[in] || outputTaken[out]) {
                clearTaken(q, grants, n);
                throw new SimulationException(use + " allocator '" + name + "' granted " + (inputTaken[in] ? "input " + in
                        : "output " + out) + " twice at router " + r + ", cycle " + t);
            }
            inputTaken[in] = true;
            outputTaken[out] = true;
        }
        clearTaken(q, grants, n);
        return n;
    }

    private void clearTaken(AllocationRequests q, int[] grants, int n) {
        for (int k = 0; k < n; k++) {
            inputTaken[q.input()[grants[k]]] = false;
            outputTaken[q.output()[grants[k]]] = false;
        }
    }
}
