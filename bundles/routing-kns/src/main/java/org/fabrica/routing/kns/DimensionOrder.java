package org.fabrica.routing.kns;

/** The order in which hybrid dimension-order routing crosses the dimensions of a KNS. */
public enum DimensionOrder {
    /** X, then Y, then Z, ... (XY in 2D, XYZ in 3D). */
    XY,
    /** Y, then X, then Z, ... (YX in 2D, YXZ in 3D; X alone in 1D). */
    YX,
    /**
     * By the packet's virtual network ({@code PacketView.virtualNetwork}, chosen at the source by
     * the queuing scheme, e.g. {@code dbbq}): XY(Z) in network 0, YX(Z) in network 1.
     */
    NETWORK;

    /** The dimensions of an n-dimensional network in this order. */
    int[] dimensions(int n) {
        int[] order = new int[n];
        for (int d = 0; d < n; d++) {
            order[d] = d;
        }
        if (this == YX && n >= 2) {
            order[0] = 1;
            order[1] = 0;
        }
        return order;
    }
}
