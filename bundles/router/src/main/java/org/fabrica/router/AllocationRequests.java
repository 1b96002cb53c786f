package org.fabrica.router;

/**
 * The requests of one allocation at one router in one cycle, as parallel arrays: entry {@code i}
 * (0 .. count-1, the count is passed beside) asks for output {@code output[i]} on behalf of input
 * {@code input[i]}. Requests are grouped by input, inputs in increasing order (see {@link Allocator}).
 * The arrays are created once per run at their largest size and refilled by the
 * network model before every call; an allocator reads them and never keeps or writes them.
 *
 * <p>Fields of a request:
 * <ul>
 * <li>{@code input}: the requester, 0 .. {@link AllocatorShape#inputs(int)}-1 at this router (a
 * crossbar input, an input VC, a queue: the allocation's own numbering, documented where the
 * network model calls it). One input may make several requests in a cycle.</li>
 * <li>{@code output}: the resource, 0 .. {@link AllocatorShape#outputs(int)}-1.</li>
 * <li>{@code sub}: which of the input's queues makes the request, 0 .. {@link AllocatorShape#subs()}-1
 * (e.g. the VC within an input port, for allocators that keep a pointer over an input's VCs).</li>
 * <li>{@code rank}: the requester's own order of preference among its requests, 0 first (e.g. the
 * routing's order of candidate outputs).</li>
 * <li>{@code priority}: the class priority of the request, 0 highest (e.g. a barrier VC above data
 * VCs). Filled only for allocators whose {@link Allocator#usesPriority()} is true; 0 otherwise.</li>
 * <li>{@code age}: the cycle the requesting packet was created, smaller is older. Filled only for
 * allocators whose {@link Allocator#usesAge()} is true.</li>
 * <li>{@code outputVc}: the VC the request's flit takes at its output (the next router's input VC,
 * 0 .. VCs-1), for an arbiter that shares each output among its VCs (e.g. InfiniBand's VL
 * arbitration). Filled in switch allocation and output arbitration, only for allocators whose
 * {@link Allocator#usesOutputVc()} is true (since 1.2).</li>
 * </ul>
 *
 * @param input requesting input per entry
 * @param output requested output per entry
 * @param sub queue of the input per entry
 * @param rank requester's preference per entry, 0 first
 * @param priority class priority per entry, 0 highest
 * @param age creation cycle of the requesting packet per entry
 * @param outputVc the VC taken at the output per entry (since 1.2)
 */
public record AllocationRequests(int[] input, int[] output, int[] sub, int[] rank, int[] priority, long[] age,
        int[] outputVc) {
    public AllocationRequests {
        int n = input.length;
        if (output.length != n || sub.length != n || rank.length != n || priority.length != n || age.length != n
                || outputVc.length != n) {
            throw new IllegalArgumentException("the request arrays must have one length; were input " + n + ", output "
                    + output.length + ", sub " + sub.length + ", rank " + rank.length + ", priority " + priority.length
                    + ", age " + age.length + ", outputVc " + outputVc.length);
        }
    }

    /** Requests without output VCs (the components of version 1.1); {@code outputVc} is all 0. */
    public AllocationRequests(int[] input, int[] output, int[] sub, int[] rank, int[] priority, long[] age) {
        this(input, output, sub, rank, priority, age, new int[input.length]);
    }

    /** Empty arrays for at most {@code capacity} requests. */
    public static AllocationRequests withCapacity(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("request capacity = " + capacity + "; use >= 1");
        }
        return new AllocationRequests(new int[capacity], new int[capacity], new int[capacity], new int[capacity],
                new int[capacity], new long[capacity], new int[capacity]);
    }

    /** Most requests one call can hold. */
    public int capacity() {
        return input.length;
    }
}
