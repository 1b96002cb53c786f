package org.fabrica.network;

import org.osgi.annotation.versioning.ProviderType;

/**
 * Read-only view of the input buffers of a network model, for recorders that sample buffer
 * state between cycles (space-time charts, docs/studies/spth.md "Space-time charts"). Ports and
 * VCs are numbered as in the topology and the hardware model. Calls must come from the thread
 * that simulates the model, between cycles; implementations answer from their own arrays and do
 * not allocate.
 */
@ProviderType
public interface BufferProbe {
    /**
     * Flits present in VC {@code vc} of input port {@code inPort} of {@code router}: arrived and
     * not yet departed (flits still on the link are not counted). 0 for an unused port.
     */
    int occupiedFlits(int router, int inPort, int vc);

    /** Capacity of one VC buffer in flits. */
    int capacityFlits();

    /** Virtual channels per input port. */
    int vcs();
}
