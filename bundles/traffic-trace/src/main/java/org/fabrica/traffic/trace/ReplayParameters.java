package org.fabrica.traffic.trace;

/**
 * How a trace is replayed on a network (docs/traces.md, "Replay").
 *
 * @param payloadBytes bytes of a message one packet carries (the network's maximum payload); a
 *        message of b bytes is {@code max(1, ceil(b / payloadBytes))} packets, all of the run's
 *        packet length (the last one padded)
 * @param eagerBytes messages of at most this many bytes are sent eagerly; larger ones use the
 *        rendezvous protocol (request to send, clear to send, data)
 * @param computeScale factor applied to every compute duration (1: as traced; 0: no compute)
 * @param cycleNanoseconds length of a network cycle, to turn compute durations into cycles
 */
public record ReplayParameters(int payloadBytes, long eagerBytes, double computeScale, double cycleNanoseconds) {
    /**
     * The default threshold, 12 KiB: of the order MPI libraries use on InfiniBand-class networks,
     * not taken from one library's documentation; set {@code eagerBytes} to the library's value.
     */
    public static final long DEFAULT_EAGER_BYTES = 12_288;

    public ReplayParameters {
        if (payloadBytes < 1) {
            throw new IllegalArgumentException("payload = " + payloadBytes + " bytes per packet; use >= 1");
        }
        if (eagerBytes < 0) {
            throw new IllegalArgumentException("eager threshold = " + eagerBytes + " bytes; use >= 0 (0: every message"
                    + " with a payload uses rendezvous)");
        }
        if (!(computeScale >= 0) || Double.isInfinite(computeScale)) {
            throw new IllegalArgumentException("compute scale = " + computeScale + "; use a finite value >= 0");
        }
        if (!(cycleNanoseconds > 0) || Double.isInfinite(cycleNanoseconds)) {
            throw new IllegalArgumentException("cycle = " + cycleNanoseconds + " ns; use a finite value > 0");
        }
    }

    /** Packets of a message of {@code bytes} bytes. */
    public long packets(long bytes) {
        return bytes <= payloadBytes ? 1 : (bytes + payloadBytes - 1) / payloadBytes;
    }

    /** Whether a message of {@code bytes} bytes is sent eagerly. */
    public boolean eager(long bytes) {
        return bytes <= eagerBytes;
    }

    /** Cycles of a compute event of {@code nanoseconds}, scaled, rounded up. */
    public long computeCycles(long nanoseconds) {
        double c = Math.ceil(nanoseconds * computeScale / cycleNanoseconds - 1e-9);
        return c <= 0 ? 0 : (long) c;
    }
}
