package org.fabrica.routing;

import org.osgi.annotation.versioning.ProviderType;

/**
 * What an adaptive routing algorithm sees of the network's state (since 1.6): how full the
 * buffers are that each router output feeds, as that output's credits count them. A flit that
 * left the output and has not yet been freed downstream counts as held, so the figure is what the
 * router itself knows, never more (the information BookSim2's {@code GetUsedCredit} gives).
 * Reading any router's figures is allowed: a local algorithm (UGAL-L, minimal adaptive) reads the
 * router it routes at, a global one (UGAL-G) may read others.
 *
 * <p>The methods are on the hot path: implementations do not allocate, and callers must not keep
 * the figures across cycles (they change every cycle). An output with no link reports 0 of 0.
 */
@ProviderType
public interface NetworkOccupancy {
    /** Flits held in the buffers of every VC that output {@code outPort} of {@code router} feeds. */
    int downstreamFlits(int router, int outPort);

    /** Flits held in the buffer of VC {@code vc} that output {@code outPort} of {@code router} feeds. */
    int downstreamFlits(int router, int outPort, int vc);

    /** Capacity in flits of the buffers of every VC that output {@code outPort} of {@code router} feeds. */
    int downstreamCapacity(int router, int outPort);

    /** Number of VCs on each link. */
    int vcs();
}
