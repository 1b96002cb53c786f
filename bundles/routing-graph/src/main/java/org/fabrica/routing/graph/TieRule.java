package org.fabrica.routing.graph;

/** How {@code min-hop} chooses among the ports of equally short paths. */
public enum TieRule {
    /**
     * The port that carries the fewest destinations so far, the lowest port among equals;
     * destinations are taken in increasing node number (the balancing of OpenSM's min-hop engine).
     */
    BALANCED,
    /** The lowest-numbered port. */
    LOWEST_PORT
}
