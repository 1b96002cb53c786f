package org.fabrica.analysis;

/**
 * The analytic multi-rail model of the Dawning 5000 study (docs/studies/dawning.md, "Multi-rail"):
 * the time to send a packet of L bytes over one high-bandwidth plane against m planes of lower
 * bandwidth, Hop switch hops away.
 *
 * <pre>
 * T_high  = max(L / BW_sl, T_switch) * Hop + L / BW_sl
 * T_multi = Hop * (max(L / BW_ml, T_switch) + L / (k * BW_ml)) + m * L / BW_ml
 * G       = T_high / T_multi
 * </pre>
 *
 * BW_sl is the link bandwidth of the single plane, BW_ml that of each of the m planes, k * BW_ml
 * the interface's input bandwidth. The paper's text of these formulas is garbled around n and m;
 * this is the model as the study page documents it, implemented as written, not fitted to any
 * figure. Times in nanoseconds, bandwidths in Gbit/s (a byte takes 8 / BW ns).
 *
 * @param hops switch hops (Hop), at least 1
 * @param k the interface's input bandwidth in units of BW_ml, > 0
 * @param switchNanoseconds T_switch, >= 0
 * @param railGbps BW_ml, > 0
 * @param rails m, at least 1
 * @param singleGbps BW_sl, > 0 (the study compares one 4x plane with four 1x planes: m * BW_ml)
 */
public record MultiRailModel(int hops, double k, double switchNanoseconds, double railGbps, int rails,
        double singleGbps) {

    public MultiRailModel {
        if (hops < 1) {
            throw new IllegalArgumentException("hops = " + hops + "; a packet crosses at least 1 switch");
        }
        if (!(k > 0) || !(railGbps > 0) || !(singleGbps > 0)) {
            throw new IllegalArgumentException("k = " + k + ", railGbps = " + railGbps + ", singleGbps = " + singleGbps
                    + "; bandwidths and k must be > 0");
        }
        if (!(switchNanoseconds >= 0)) {
            throw new IllegalArgumentException("switchNanoseconds = " + switchNanoseconds + "; use >= 0");
        }
        if (rails < 1) {
            throw new IllegalArgumentException("rails = " + rails + "; use >= 1");
        }
    }

    /** The study's parameters: Hop = 5, k = 4, T_switch = 50 ns, BW_ml = 2.5 Gbit/s, m = 4, BW_sl = m * BW_ml. */
    public static MultiRailModel dawning() {
        return new MultiRailModel(5, 4, 50, 2.5, 4, 4 * 2.5);
    }

    /** T_high for a packet of {@code bytes}, ns. */
    public double singlePlaneNanoseconds(double bytes) {
        double serial = bytes * 8 / singleGbps;
        return Math.max(serial, switchNanoseconds) * hops + serial;
    }

    /** T_multi for a packet of {@code bytes}, ns. */
    public double multiRailNanoseconds(double bytes) {
        double serial = bytes * 8 / railGbps;
        return hops * (Math.max(serial, switchNanoseconds) + serial / k) + rails * serial;
    }

    /** G = T_high / T_multi. */
    public double gain(double bytes) {
        return singlePlaneNanoseconds(bytes) / multiRailNanoseconds(bytes);
    }
}
