package org.fabrica.routing.hyperx;

/** Where UGAL's Valiant path on a HyperX goes through. */
public enum HyperXIntermediate {
    /** Any router, uniformly: {@code hyperx-valiant}'s intermediate for the same seed and packet. */
    ANY,
    /**
     * A router that keeps the source's coordinate where the source and destination routers agree and
     * is uniform in the others (BookSim2's {@code find_ran_intm} for {@code ugal_flatfly}): the detour
     * stays in the sub-lattice the minimal paths span.
     */
    UNALIGNED
}
