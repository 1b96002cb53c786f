package org.fabrica.throttle;

import org.fabrica.topology.Topology;
import org.osgi.annotation.versioning.ProviderType;

/** What the network model exposes to a throttle; implemented by the network model. */
@ProviderType
public interface ThrottleContext {
    Topology topology();

    /** Virtual channels per input port. */
    int vcs();

    /** Capacity of one VC buffer in flits. */
    int bufferFlits();

    /**
     * Free flits (as the upstream router's credits count them) of VC {@code vc} of the input
     * buffer that output {@code outPort} of {@code router} feeds.
     */
    int freeFlits(int router, int outPort, int vc);

    /** Free flits of VC {@code vc} of input port {@code inPort} of {@code router} itself. */
    int inputFreeFlits(int router, int inPort, int vc);
}
