package org.fabrica.hardware.rapidio;

/**
 * Line code of a Serial RapidIO lane: how many data bits travel per line bits (baud). The port's
 * data rate is {@code lanes * baud * dataBits / lineBits}.
 */
public enum LineCoding {
    /**
     * 8b/10b, RapidIO 1.x/2.x LP-Serial and the CPS-1848 (docs/studies/rapidio-m2n.md, "Hardware:
     * the IDT CPS-1848 switch": 4 lanes at 5 Gbaud with 8b/10b give 16 Gbps).
     */
    CODE_8B10B(8, 10),
    /** 64b/67b, RapidIO 3.x (10xN) lanes; for Gen3 switches, not the CPS-1848. */
    CODE_64B67B(64, 67);

    private final int dataBits;
    private final int lineBits;

    LineCoding(int dataBits, int lineBits) {
        this.dataBits = dataBits;
        this.lineBits = lineBits;
    }

    /** Data bits per code word. */
    public int dataBits() {
        return dataBits;
    }

    /** Line bits (baud) per code word. */
    public int lineBits() {
        return lineBits;
    }

    /** Data Gbps of {@code lanes} lanes at {@code baudGbps} each. */
    public double dataGbps(int lanes, double baudGbps) {
        return lanes * baudGbps * dataBits / lineBits;
    }
}
