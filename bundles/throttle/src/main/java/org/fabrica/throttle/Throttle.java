package org.fabrica.throttle;

import org.fabrica.routing.PacketView;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * Injection throttle of one run. The network calls {@link #cycle(long)} once at the start of
 * every cycle, and {@link #admit} for newly generated packets at their source before they are
 * injected, for the first hop they would take; transit packets are never asked about. A network
 * may ask about several queued packets of one source in a cycle (a packet held back toward one
 * direction must not hold back packets toward another), so {@code admit} must be a query without
 * side effects on what other packets are told. Hot path: no allocation.
 */
@ConsumerType
public interface Throttle {
    /** Updates internal state at the start of cycle {@code now}. */
    void cycle(long now);

    /**
     * May the newly generated {@code packet} at its source {@code router} be injected now toward
     * its first hop, output {@code outPort} on VC {@code vc}? False holds it back for this cycle.
     */
    boolean admit(int router, int outPort, int vc, PacketView packet, long now);

    /** True when the throttle never holds anything back (lets the network skip calls). */
    default boolean inactive() {
        return false;
    }
}
