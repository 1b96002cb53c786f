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
    PER_VC,
    /**
     * {@link #PER_VC} injection queues fed from admittance queues, one per destination: a generated
     * packet waits in its destination's admittance queue until the injection queue the queuing
     * scheme gives it has room (an injection queue holds at most what the first router's VC holds,
     * or one packet), so a full injection queue holds back only later packets to the same
     * destination (no head-of-line blocking at generation). The destinations' queues are served
     * oldest head first; the queuing scheme chooses a packet's virtual network when it is first
     * offered to the injection queues, not when it is generated.
     */
    PER_VC_ADMITTANCE
}
