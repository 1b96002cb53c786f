package org.fabrica.scheduler;

/** Outcome of one demanded transfer in a {@link Plan}. */
public enum RequestStatus {
    /**
     * The transfer is in the plan. For circuit schedulers: every link of its path is reserved
     * for it alone.
     */
    GRANTED,
    /** No upper port was free both on the upward link and on the matching downward link at the failing level. */
    NO_COMMON_PORT,
    /** Every upward link of the switch reached on the way up was taken. */
    NO_FREE_UPLINK,
    /** The downward link the path is forced to use was taken. */
    DOWNLINK_TAKEN
}
