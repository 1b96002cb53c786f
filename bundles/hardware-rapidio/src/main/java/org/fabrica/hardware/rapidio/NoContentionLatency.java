package org.fabrica.hardware.rapidio;

/**
 * The latency of one packet between two end points through {@code switches} switch hops with no
 * other traffic, as the configured figures give it (ns) and as the flit-level model should
 * reproduce it (cycles). See {@link Cps1848Model#noContentionLatency(int, int)}.
 *
 * @param switches switch hops on the path (chips crossed)
 * @param endpointNs endpoint send plus receive overhead
 * @param switchNs {@code switches * hopLatencyNs}
 * @param cableNs {@code (switches + 1) * cableDelayNs}
 * @param serialisationNs the packet's wire bytes at the port data rate, paid once under cut-through
 * @param headCycles endpoint overhead plus the head's flight in the flit model (cycles)
 * @param packetCycles {@code headCycles} plus the packet's remaining flits (tail delivery, cycles)
 */
public record NoContentionLatency(
        int switches,
        double endpointNs,
        double switchNs,
        double cableNs,
        double serialisationNs,
        long headCycles,
        long packetCycles) {

    /** Endpoint overhead + hop latencies + cable delays: the study's T1 ("processor + cable + switch"). */
    public double headNs() {
        return endpointNs + switchNs + cableNs;
    }

    /** {@link #headNs()} plus serialisation: until the tail is received. */
    public double packetNs() {
        return headNs() + serialisationNs;
    }
}
