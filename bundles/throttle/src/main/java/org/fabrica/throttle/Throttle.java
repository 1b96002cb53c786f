package org.fabrica.throttle;

import org.fabrica.routing.PacketView;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * Injection throttle of one run. The network calls {@link #cycle(long)} once at the start of
 * every cycle, and {@link #admit} for packets at the head of a terminal input buffer (newly
 * injected packets) before they request their first output; transit packets are never asked
 * about. Hot path: no allocation.
 */
@ConsumerType
public interface Throttle {
    /** Updates internal state at the start of cycle {@code now}. */
    void cycle(long now);

    /**
     * May the newly injected {@code packet} at {@code router} leave through {@code outPort}
     * on VC {@code vc} in this cycle? False holds it back for this cycle.
     */
    boolean admit(int router, int outPort, int vc, PacketView packet, long now);

    /** True when the throttle never holds anything back (lets the network skip calls). */
    default boolean inactive() {
        return false;
    }
}
