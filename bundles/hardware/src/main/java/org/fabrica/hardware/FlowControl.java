package org.fabrica.hardware;

/** Buffer allocation discipline between routers. */
public enum FlowControl {
    /** A packet may enter a VC buffer only when it has room for the whole packet. */
    VIRTUAL_CUT_THROUGH,
    /** A packet's head may enter a free VC buffer with room for one flit; the VC is held until the tail leaves. */
    WORMHOLE
}
