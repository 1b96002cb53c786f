package org.fabrica.scheduler.m2n;

/** Where the M-to-N schedulers put the senders and receivers of the demands. */
public enum TaskMapping {
    /** Use the demands' node numbers as they are. */
    AS_GIVEN,
    /**
     * Contiguous task mapping (docs/studies/rapidio-m2n.md, "Node-level schedule, M <= N", step 1): the i-th sender
     * of the demands goes to the i-th node of {@link ContiguousMapping#senders}, the j-th receiver
     * to the j-th node of {@link ContiguousMapping#receivers}; the demands' node numbers only name
     * the tasks. The plan's placement records the moves.
     */
    CONTIGUOUS
}
