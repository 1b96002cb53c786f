package org.fabrica.network.flit;

import org.fabrica.kernel.SimulationException;
import org.fabrica.router.AllocationRequests;
import org.fabrica.router.Allocator;

/**
 * One use of an allocator part (VC allocation, switch allocation, output arbitration): the
 * request arrays it is given, the grants it returns, and the check of its answer. A grant that
 * names no request, or an input or output granted twice, fails the run naming the allocator (a
 * plugin's bug must not corrupt the network's state). After {@link #allocate}, {@link #inputGranted}
 * and {@link #outputWinner} answer in O(1) until the next call.
 */
final class AllocationStage {
    final Allocator allocator;
    final AllocationRequests requests;
    final int[] input;
    final int[] output;
    final int[] sub;
    final int[] rank;
    final int[] priority;
    final long[] age;
    final int[] outputVc;
    final int[] grants;
    final boolean usesPriority;
    final boolean usesAge;
    final boolean usesOutputVc;
    private final String use;
    private final String allocatorName;
    /** Inputs and outputs fit one long each: the granted sets are bit masks (no stamp arrays touched). */
    private final boolean small;
    private long grantedInputs;
    private long grantedOutputs;
    private final int[] inputStamp;
    private final int[] outputStamp;
    private final int[] outputGrant;
    private int stamp;
    /** The last call granted exactly one request, {@code grants[0]} (the granted sets were not built). */
    private boolean single;

    AllocationStage(String use, String allocatorName, Allocator allocator, int capacity, int maxInputs, int maxOutputs) {
        this.use = use;
        this.allocatorName = allocatorName;
        this.allocator = allocator;
        this.requests = AllocationRequests.withCapacity(capacity);
        this.input = requests.input();
        this.output = requests.output();
        this.sub = requests.sub();
        this.rank = requests.rank();
        this.priority = requests.priority();
        this.age = requests.age();
        this.outputVc = requests.outputVc();
        this.grants = new int[Math.min(capacity, Math.max(maxInputs, maxOutputs))];
        this.usesPriority = allocator.usesPriority();
        this.usesAge = allocator.usesAge();
        this.usesOutputVc = allocator.usesOutputVc();
        this.small = maxInputs <= Long.SIZE && maxOutputs <= Long.SIZE;
        this.inputStamp = new int[maxInputs];
        this.outputStamp = new int[maxOutputs];
        this.outputGrant = new int[maxOutputs];
    }

    /**
     * Runs the allocator on requests 0 .. count-1 of {@code router}; returns the number of grants,
     * checked. (Hot path: kept small so that the JIT inlines it into the stages; messages are
     * built in the cold methods below.)
     */
    int allocate(int router, int count, long t) {
        int n;
        try {
            n = allocator.allocate(router, count, requests, grants);
        } catch (RuntimeException e) {
            throw threw(e, router, count, t);
        }
        if (n < 0 || n > count) {
            throw bad("returned " + n + " grants for " + count + " requests", router, t);
        }
        if (n == 1) {
            // one grant (most calls below saturation): nothing can be granted twice, and the
            // queries below answer from the grant itself
            int i = grants[0];
            if (i < 0 || i >= count) {
                throw outOfRange(i, count, router, t);
            }
            single = true;
            return 1;
        }
        single = false;
        return small ? checkSmall(router, n, count, t) : checkStamped(router, n, count, t);
    }

    /** The check with the granted sets as bit masks (inputs and outputs fit one long each). */
    private int checkSmall(int router, int n, int count, long t) {
        long ins = 0;
        long outs = 0;
        for (int k = 0; k < n; k++) {
            int i = grants[k];
            if (i < 0 || i >= count) {
                throw outOfRange(i, count, router, t);
            }
            long inBit = 1L << input[i];
            long outBit = 1L << output[i];
            if (((ins & inBit) | (outs & outBit)) != 0) {
                throw twice((ins & inBit) != 0, i, router, t);
            }
            ins |= inBit;
            outs |= outBit;
            outputGrant[output[i]] = i;
        }
        grantedInputs = ins;
        grantedOutputs = outs;
        return n;
    }

    /** The check with stamp arrays, for allocations with more than 64 inputs or outputs. */
    private int checkStamped(int router, int n, int count, long t) {
        if (++stamp == Integer.MAX_VALUE) {
            java.util.Arrays.fill(inputStamp, 0);
            java.util.Arrays.fill(outputStamp, 0);
            stamp = 1;
        }
        int s = stamp;
        for (int k = 0; k < n; k++) {
            int i = grants[k];
            if (i < 0 || i >= count) {
                throw outOfRange(i, count, router, t);
            }
            int in = input[i];
            int out = output[i];
            if (inputStamp[in] == s || outputStamp[out] == s) {
                throw twice(inputStamp[in] == s, i, router, t);
            }
            inputStamp[in] = s;
            outputStamp[out] = s;
            outputGrant[out] = i;
        }
        return n;
    }

    private SimulationException threw(RuntimeException e, int router, int count, long t) {
        if (e instanceof SimulationException s) {
            return s;
        }
        return new SimulationException(use + " allocator '" + allocatorName + "' threw " + e + " at router " + router
                + " at cycle " + t + " (" + count + " requests)", e);
    }

    private SimulationException outOfRange(int i, int count, int router, long t) {
        return bad("granted request " + i + ", but the requests are 0.." + (count - 1), router, t);
    }

    /** Request {@code i} names an input ({@code input}) or else an output already granted in this call. */
    private SimulationException twice(boolean inputTaken, int i, int router, long t) {
        return bad(inputTaken ? "granted input " + input[i] + " twice (request " + i + " and an earlier one)"
                : "granted output " + output[i] + " twice (request " + i + " and an earlier one)", router, t);
    }

    /** After {@link #allocate}: whether input {@code in} received a grant. */
    boolean inputGranted(int in) {
        if (single) {
            return input[grants[0]] == in;
        }
        return small ? (grantedInputs >>> in & 1L) != 0 : inputStamp[in] == stamp;
    }

    /** After {@link #allocate}: the request granted output {@code out}, or -1. */
    int outputWinner(int out) {
        if (single) {
            return output[grants[0]] == out ? grants[0] : -1;
        }
        if (small) {
            return (grantedOutputs >>> out & 1L) != 0 ? outputGrant[out] : -1;
        }
        return outputStamp[out] == stamp ? outputGrant[out] : -1;
    }

    private SimulationException bad(String what, int router, long t) {
        return new SimulationException(use + " allocator '" + allocatorName + "' " + what + " at router " + router
                + " at cycle " + t + "; an allocator must grant each input and each output at most once");
    }
}
