package org.fabrica.hardware;

/**
 * Timing of a link: how long a flit travels and how long it occupies the link.
 *
 * @param latencyCycles cycles for a flit to cross the link (propagation), >= 1
 * @param cyclesPerFlit serialisation: cycles a flit occupies the link, >= 1; a link of 1/4 of the
 *        router's flit rate has 4 (the output sends one flit every 4 cycles, and the flit is
 *        whole downstream 3 cycles after its first bit arrived)
 */
public record LinkTiming(int latencyCycles, int cyclesPerFlit) {
    public LinkTiming {
        if (latencyCycles < 1) {
            throw new IllegalArgumentException("link latency = " + latencyCycles + " cycles; use >= 1");
        }
        if (cyclesPerFlit < 1) {
            throw new IllegalArgumentException("link serialisation = " + cyclesPerFlit + " cycles per flit; use >= 1"
                    + " (a link faster than the router's flit rate needs a shorter cycle)");
        }
    }

    /** A link of {@code latencyCycles} that carries one flit per cycle. */
    public static LinkTiming of(int latencyCycles) {
        return new LinkTiming(latencyCycles, 1);
    }

    /**
     * A link of {@code latencyCycles} and {@code flitsPerCycle} flits per cycle (1, 1/2, 1/3, ...).
     *
     * @throws IllegalArgumentException when 1 / flitsPerCycle is not a whole number of cycles
     */
    public static LinkTiming ofBandwidth(int latencyCycles, double flitsPerCycle) {
        if (!(flitsPerCycle > 0) || flitsPerCycle > 1) {
            throw new IllegalArgumentException("link bandwidth = " + flitsPerCycle + " flits per cycle; use 0 < b <= 1"
                    + " (a link faster than the router's flit rate needs a shorter cycle)");
        }
        double cycles = 1.0 / flitsPerCycle;
        long whole = Math.round(cycles);
        if (Math.abs(cycles - whole) > 1e-9 * cycles) {
            throw new IllegalArgumentException("link bandwidth = " + flitsPerCycle + " flits per cycle is one flit every "
                    + cycles + " cycles, not a whole number; use 1, 1/2, 1/3, ... or choose the cycle so that it divides");
        }
        return new LinkTiming(latencyCycles, (int) whole);
    }
}
