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
}
