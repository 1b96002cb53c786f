package org.fabrica.collective;

import org.osgi.annotation.versioning.ProviderType;

/** What an engine may do with a collective packet at a router ({@link CollectiveEngine#atRouter}). */
@ProviderType
public interface RouterActions {
    /** The router's engine consumes the packet: it leaves its buffer (its credit returns) and goes nowhere. */
    void absorb();

    /** The packet leaves through output {@code port} (a terminal port delivers to that port's node). */
    void forward(int port);

    /**
     * The packet leaves through {@code port} and every other port given by a branch in this call,
     * all at once: it takes a VC on every branch or waits, is read once from its buffer and copied
     * to each (the router parts' all-or-none multi-output request).
     */
    void branch(int port);

    /** The header the packet carries from this router on (e.g. an arrival turned into a completion at the root). */
    void header(int header);

    /**
     * With {@link #branch}: the packet waits {@code cycles} before it claims its branches' outputs
     * (which stay free for other packets meanwhile): the time the switch takes to replicate it
     * (in the Dawning 5000 20 ns more than a unicast crossing: 150 against 130 ns), a latency, not a time
     * the outputs are held.
     */
    void replicationDelay(int cycles);

    /**
     * The router's engine sends a new one-flit packet of {@code packetClass} with {@code header}
     * out through {@code port} (e.g. an acknowledgement back to a child, a resend to the parent).
     * It enters the router as a packet arriving on that port's input in the VC the queuing scheme
     * gives its class, as soon as that buffer has a free slot the port's upstream is not using
     * (the engine borrows the upstream's credit until the packet leaves), and is routed by the
     * engine like any collective packet. Valid in {@link CollectiveEngine#atRouter} and
     * {@link CollectiveEngine#routerTimer}.
     */
    void send(int port, int packetClass, int header);

    /** Calls {@link CollectiveEngine#routerTimer} for this router with {@code token} in cycle {@code cycle} (at least the next). */
    void timer(long cycle, int token);
}
