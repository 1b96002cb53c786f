package org.fabrica.routing.graph;

/** How forwarding-table routing stays free of deadlock. */
public enum DeadlockAvoidance {
    /**
     * One VC class; the tables are refused when their channel dependencies form a cycle (the error
     * names one), since such tables can deadlock.
     */
    REFUSE,
    /**
     * A packet with h router-to-router hops left travels in VC class H - h, H the longest route's
     * hops: the class grows by one at every hop, so no dependency cycle can form; needs H VC classes.
     */
    HOP_CLASSES
}
