package org.fabrica.queuing.basic;

/** How a source picks the virtual network of each packet (queuing {@code dbbq}). */
public enum NetworkSelection {
    /** OSHA, oblivious: the networks alternate packet by packet at each source. */
    ROUND_ROBIN,
    /**
     * SASHA, source adaptive: the network whose candidate queue holds fewer flits at the source
     * router's first-hop output, as its credits count them; ties alternate.
     */
    LEAST_OCCUPIED,
    /**
     * SASHA on the transmit-wait counters: the network whose candidate queue's output VC at the
     * source router waited fewer cycles for credits since this source's previous choice between
     * the same two queues; ties alternate.
     */
    LEAST_WAITING
}
