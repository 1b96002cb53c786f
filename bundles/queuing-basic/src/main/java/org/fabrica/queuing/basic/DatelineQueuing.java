package org.fabrica.queuing.basic;

import org.fabrica.queuing.QueuingScheme;
import org.fabrica.routing.PacketView;

/**
 * VC classes mapped to contiguous VC ranges: with V VCs and C classes, class c may use VCs
 * [floor(c*V/C), floor((c+1)*V/C)). Every class gets at least one VC when V >= C; spare VCs are
 * spread evenly (e.g. V = 4, C = 3: {0}, {1}, {2, 3}). New packets enter the source's terminal
 * buffer on class 0's VCs, as every dateline scheme starts a packet on class 0, or with
 * {@code injection: any} on every VC (the terminal input is on no ring).
 */
final class DatelineQueuing implements QueuingScheme {
    private final long[] classMask;
    /** The VCs a new packet may enter: class 0's, or every VC ({@code injection: any}). */
    private final long injectionMask;

    DatelineQueuing(int vcs, int classes, boolean injectAnyVc) {
        classMask = new long[classes];
        for (int c = 0; c < classes; c++) {
            int first = (int) ((long) c * vcs / classes);
            int end = (int) ((long) (c + 1) * vcs / classes);
            long mask = 0;
            for (int v = first; v < end; v++) {
                mask |= 1L << v;
            }
            classMask[c] = mask;
        }
        long all = 0;
        for (long m : classMask) {
            all |= m;
        }
        injectionMask = injectAnyVc ? all : classMask[0];
    }

    @Override
    public long vcMask(int router, int outPort, int vcClass, PacketView packet) {
        return classMask[vcClass];
    }

    @Override
    public long injectionVcMask(int node, PacketView packet) {
        return injectionMask;
    }
}
