package org.fabrica.collective;

import org.osgi.annotation.versioning.ProviderType;

/** A collective packet as the engine sees it; a reused view: do not keep it beyond the call. */
@ProviderType
public interface CollectivePacket {
    /** Packet id, unique within the run. */
    long id();

    /** The node whose interface created the packet (or whose packet a switch forwarded). */
    int source();

    /** The class queuing schemes see ({@code PacketView.BARRIER} or {@code PacketView.MULTICAST}). */
    int packetClass();

    /** The engine's own header word. */
    int header();
}
