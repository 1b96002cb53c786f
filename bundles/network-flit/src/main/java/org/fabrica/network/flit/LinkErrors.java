package org.fabrica.network.flit;

import java.util.SplittableRandom;

/**
 * Bit errors on links, for the collective engine's barrier packets: each time such a packet
 * crosses a link (a router link, or a terminal link either way) it is corrupted with probability
 * 1 - (1 - BER)^bits, bits = its flits x the flit size; the receiver's CRC check then drops it
 * ({@link CollectiveUnit}). The draws come from the run's stream {@code links}, so runs stay
 * deterministic. Unicast packets are dropped at their destination interface and sent again by
 * their source ({@link UnicastRetransmission}, a stream of its own); multicast packets cross
 * unharmed (docs/collectives.md, "Lossy links").
 */
class LinkErrors {
    private final double perFlit;
    private final SplittableRandom random;

    /**
     * @param bitErrorRate probability that a bit is corrupted, in [0, 1)
     * @param flitBits bits per flit
     */
    LinkErrors(double bitErrorRate, int flitBits, SplittableRandom random) {
        check(bitErrorRate);
        // 1 - (1 - BER)^bits, accurate for tiny rates
        this.perFlit = -Math.expm1(flitBits * Math.log1p(-bitErrorRate));
        this.random = random;
    }

    /** Refuses a bit error rate outside [0, 1). */
    static void check(double bitErrorRate) {
        if (!(bitErrorRate >= 0 && bitErrorRate < 1)) {
            throw new IllegalArgumentException("bitErrorRate = " + bitErrorRate + "; use a probability per bit from 0"
                    + " (no errors) up to, not including, 1");
        }
    }

    /** Whether a collective packet of class {@code packetClass} and {@code header} is corrupted on this crossing. */
    boolean corrupt(int packetClass, int header) {
        return perFlit > 0 && random.nextDouble() < perFlit;
    }

    /** The probability a one-flit packet is corrupted on one link. */
    double perFlit() {
        return perFlit;
    }
}
