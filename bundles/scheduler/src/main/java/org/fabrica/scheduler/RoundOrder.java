package org.fabrica.scheduler;

/**
 * How the rounds within one {@link Transaction} are ordered in time. Transactions themselves are
 * always separated by barriers.
 */
public enum RoundOrder {
    /**
     * Rounds are not synchronised: each source plays its own transfers in round order, starting
     * its round r+1 transfer as soon as it has injected its round r transfer, without waiting for
     * other sources. Packets of consecutive rounds overlap in the network. This is how the M-to-N
     * schedules of docs/studies/rapidio-m2n.md run, and how the uncoordinated baseline runs (its rounds
     * are then simply every sender's message index).
     */
    PER_SOURCE,
    /** Round r+1 starts only when every transfer of round r has been delivered. */
    BARRIER
}
