package org.fabrica.hardware;

/** How a network interface queues the packets it injects. */
public enum InjectionQueues {
    /**
     * One source FIFO: packets leave one after the other, the front one waiting for a VC of the
     * first router with credit (head-of-line blocking at the source).
     */
    SINGLE,
    /**
     * One injection queue per VC of the first router's terminal input port, fed by the queuing
     * scheme's choice of injection VCs when a packet is generated; the queues send independently,
     * each flow-controlled by its VC's credits, and the link takes one flit per slot from them
     * round robin (no head-of-line blocking between VCs at the source).
     */
    PER_VC
}
