package org.fabrica.network;

import org.fabrica.kernel.CycleModel;
import org.fabrica.routing.RoutingAlgorithm;
import org.osgi.annotation.versioning.ProviderType;

/**
 * A network model for one run. {@link #done(long)} is true when generation has stopped and
 * every packet is delivered, or at {@link RunLimits#maxCycles()}. Invariants (exactly-once
 * delivery, credit bounds) are always checked; a violation or a deadlock throws
 * {@link org.fabrica.kernel.SimulationException} naming the culprit.
 */
@ProviderType
public interface NetworkModel extends CycleModel {
    /** Packets generated so far. */
    long generated();

    /** Packets delivered so far. */
    long delivered();

    /** Packets generated and not yet delivered (in source queues or in the network). */
    long inFlight();

    /** Flit traversals of router-to-router and terminal links so far. */
    long flitHops();

    /** Cycles simulated so far. */
    long cycles();

    /** True when the run ended at maxCycles with packets still in flight. */
    boolean truncated();

    /**
     * Replaces the routing algorithm. Must be called between cycles (at a safe point); packets in
     * the network take their next routing decision from the new algorithm.
     *
     * @throws IllegalArgumentException when the new algorithm needs more VC classes than the model serves
     */
    void replaceRouting(RoutingAlgorithm routing, String name);
}
