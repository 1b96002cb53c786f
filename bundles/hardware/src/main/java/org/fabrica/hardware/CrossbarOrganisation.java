package org.fabrica.hardware;

/**
 * How the input queues of a router reach its crossbar: which requests compete for a crossbar
 * input in switch allocation. Every output port sends at most one flit per link slot whatever
 * the organisation.
 */
public enum CrossbarOrganisation {
    /**
     * One N x N crossbar, one crossbar input per input port: a port sends at most one flit per
     * cycle, whichever of its VCs wins (input-queued router; BookSim2's IQ router).
     */
    SHARED,
    /**
     * One kN x N crossbar: every input VC has its own crossbar input, so VCs of one port bound to
     * different outputs move in the same cycle; each output arbitrates over all kN input VCs.
     */
    VC_INPUTS,
    /**
     * k separate N x N crossbars, one per VC, each with its own N:1 arbiter per output (parallel
     * switching): switch allocation matches the ports' VC-v flits to outputs in crossbar v for
     * every v at once, then each output's arbiter (the output arbiter part, e.g. a priority
     * arbiter putting a barrier VC first) picks one of the k crossbars' winners for its link.
     */
    PER_VC,
    /**
     * Virtual output queues at the crossbar: every input queue is split by output port, with its
     * own crossbar input per output, so packets of one queue bound to different outputs leave in
     * the same cycle and a blocked head does not hold back packets behind it bound elsewhere
     * (no low-order head-of-line blocking). Flow control (credits) stays per queue.
     */
    VOQ
}
