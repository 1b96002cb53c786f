package org.fabrica.network.flit;

import java.util.Arrays;

/**
 * The output side of every router port, per output VC ({@code globalPort * vcs + vc}, the index
 * space of the input VC it feeds downstream), followed by the credit counters of the network
 * interfaces ({@code niCreditBase + node * vcs + vc}, for the terminal input VCs they feed):
 * <ul>
 * <li>credits: free flits of the downstream buffer as this side counts them (initially its
 * capacity);</li>
 * <li>owner: the input VC whose packet holds the output VC, -1 when free; a packet owns it from
 * its VC grant until its tail leaves (or, waiting for the tail credit, until the downstream
 * buffer drained);</li>
 * <li>the flow (source, destination) of the owning packet, for contention counting;</li>
 * <li>drainRelease: the owning packet was granted the VC on a class that needs atomic VC
 * allocation ({@code RoutingAlgorithm.atomicVcAllocation}): as with {@code waitForTailCredit},
 * the VC is released only when the downstream buffer drained after the tail.</li>
 * </ul>
 */
final class OutputUnits {
    final int[] credits;
    final int[] owner;
    final boolean[] tailWait;
    /** Per output VC: release it when its tail credit returns, not when the tail leaves (set at each grant under atomic classes). */
    final boolean[] drainRelease;
    /**
     * Some output VC may be held until its tail credit returns: {@code waitForTailCredit}, or a routing
     * of this run declared a class that needs atomic VC allocation. Once set it stays set (a VC granted
     * under an earlier routing may still wait); while clear, {@link #tailWait} and {@link #drainRelease}
     * are all false and the hot paths skip them.
     */
    boolean tailWaits;
    /** Flow of the packet owning each output VC, set at the grant: source at [2 ov], destination at [2 ov + 1]. */
    final int[] ownerFlow;
    final int niCreditBase;
    private final int vcs;
    /** Capacity of every VC buffer when they are all equal, else -1. */
    private final int uniformCapacity;
    /** Per credit counter: the capacity of the buffer it counts. */
    private final int[] capacity;

    /**
     * @param creditCapacity per credit counter (output VCs, then the network interfaces'), the
     *        capacity of the buffer it counts: {@link RouterKinds#creditCapacity}, or
     *        {@link Wiring#everyCredit} for one size per VC index
     */
    OutputUnits(Wiring w, int[] creditCapacity) {
        this.vcs = w.vcs;
        this.niCreditBase = w.niCreditBase;
        int totalVcs = w.totalVcs();
        if (creditCapacity.length != totalVcs + w.nodes * vcs) {
            throw new IllegalArgumentException("credit capacities: " + creditCapacity.length + " given for "
                    + (totalVcs + w.nodes * vcs) + " counters");
        }
        this.capacity = creditCapacity.clone();
        int first = capacity[0];
        boolean uniform = true;
        for (int c : capacity) {
            uniform &= c == first;
        }
        this.uniformCapacity = uniform ? first : -1;
        credits = capacity.clone();
        owner = new int[totalVcs];
        Arrays.fill(owner, -1);
        tailWait = new boolean[totalVcs];
        drainRelease = new boolean[totalVcs];
        ownerFlow = new int[2 * totalVcs];
    }

    /**
     * Whether every buffer has the same capacity: then, once the network has checked that a buffer
     * holds a whole packet, every one does (virtual cut-through needs no per-packet check).
     */
    boolean uniform() {
        return uniformCapacity >= 0;
    }

    /** Capacity of the buffer that credit counter {@code ci} counts. */
    int capacityOf(int ci) {
        int u = uniformCapacity;
        return u >= 0 ? u : capacity[ci];
    }
}
