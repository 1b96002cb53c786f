package org.fabrica.traffic;

/**
 * The load a sweep point offers.
 *
 * @param flitsPerNodeCycle offered load in flits per node per cycle (the sweep variable)
 * @param packetFlits packet length in flits
 * @param stopCycle cycle from which no packet is generated any more ({@code Long.MAX_VALUE}: never)
 */
public record OfferedLoad(double flitsPerNodeCycle, int packetFlits, long stopCycle) {
    public OfferedLoad {
        if (!(flitsPerNodeCycle >= 0) || Double.isInfinite(flitsPerNodeCycle)) {
            throw new IllegalArgumentException("load = " + flitsPerNodeCycle
                    + " flits/node/cycle is invalid; use a value >= 0");
        }
        if (packetFlits < 1) {
            throw new IllegalArgumentException("packet length = " + packetFlits + " flits; use >= 1");
        }
    }
}
