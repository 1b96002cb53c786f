package org.fabrica.queuing;

import org.fabrica.routing.PacketView;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * Maps a packet to the virtual channels it may occupy. Hot path: no allocation. VCs are given
 * as a bit mask over 0 .. vcs-1 (at most 64 VCs per port).
 */
@ConsumerType
public interface QueuingScheme {
    /**
     * VCs of the input buffer that {@code outPort} of {@code router} feeds which {@code packet}
     * may occupy after leaving with VC class {@code vcClass}. Must be non-zero.
     */
    long vcMask(int router, int outPort, int vcClass, PacketView packet);

    /** VCs of the source router's terminal input buffer a newly generated packet may occupy. */
    long injectionVcMask(int node, PacketView packet);
}
