package org.fabrica.router;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * Matches the requests of one router in one cycle to grants: a set of requests in which every
 * input and every output appears at most once. Used for VC allocation (input VCs request output
 * VCs), switch allocation (crossbar inputs request crossbar outputs) and output arbitration
 * (queues request a link); the network model documents each use's numbering of inputs, outputs
 * and subs.
 *
 * <p>Contract:
 * <ul>
 * <li>Hot path: called once per router and cycle with work; must not allocate, block, log or keep
 * references to its arguments. All state (round-robin pointers, ...) lives in the instance, laid
 * out once from the {@link AllocatorShape} given to the factory, and changes only inside
 * {@link #allocate}.</li>
 * <li>Deterministic: the same calls in the same order give the same grants. An allocator that
 * needs random choices draws from a stream given to its factory, never from a shared one.</li>
 * <li>Requests come grouped by input: the requests of one input are consecutive, and inputs appear
 * in increasing order (an allocator may rely on it, e.g. to run its input arbiters over
 * {@code [first, last]} ranges without scratch per input).</li>
 * <li>The answer is checked: a request index out of range, or an input or output granted twice,
 * fails the run with a message naming the allocator and its bundle.</li>
 * <li>The network applies the grants in the order written, which may matter for what happens
 * next (e.g. the order in which downstream routers are visited); write them in a deterministic
 * order.</li>
 * </ul>
 */
@ConsumerType
public interface Allocator {
    /**
     * Chooses the grants for {@code count} requests of {@code router}.
     *
     * @param router the router, 0 .. shape.routers()-1
     * @param count the number of valid entries of {@code requests}, >= 1
     * @param requests the requests (read only)
     * @param grants receives the indices of the granted requests in {@code grants[0 .. n-1]}
     * @return n, the number of grants written
     */
    int allocate(int router, int count, AllocationRequests requests, int[] grants);

    /** True when the allocator reads {@link AllocationRequests#priority()} (the network fills it only then). */
    default boolean usesPriority() {
        return false;
    }

    /** True when the allocator reads {@link AllocationRequests#age()} (the network fills it only then). */
    default boolean usesAge() {
        return false;
    }

    /**
     * True when the allocator reads {@link AllocationRequests#outputVc()} (the network fills it only
     * then, in switch allocation and output arbitration).
     *
     * @since 1.2
     */
    default boolean usesOutputVc() {
        return false;
    }
}
