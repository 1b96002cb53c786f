package org.fabrica.routing.dragonfly;

/**
 * How UGAL weighs the two queues it compares (minimal is chosen when the minimal cost is at most
 * the nonminimal cost plus the threshold).
 */
public enum UgalWeighting {
    /**
     * Queue times hop count (Kim, Dally, Scott and Abts 2008, Sec. 4.2; Singh 2005's UGAL):
     * {@code q_min * H_min <= q_nonmin * H_nonmin + threshold}, with H the router hops of each
     * whole path from the source router (minimal 1 .. 3, Valiant up to 6).
     */
    HOPS,
    /**
     * BookSim2's {@code ugal_dragonflynew} (src/networks/dragonfly.cpp): {@code 1 * q_min <= 2 *
     * q_nonmin + threshold}, fixed weights 1 and 2 for every pair ("could use hopcnt instead of 1
     * and 2", its comment says), where BookSim2 hard-codes the threshold 30.
     */
    BOOKSIM
}
