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

    /** Packets delivered so far, copies from multi-output routes included. */
    long delivered();

    /** Packets generated (and copies made) and not yet delivered (in source queues or in the network). */
    long inFlight();

    /** Copies made by multi-output routes so far (each is delivered on its own); 0 without replication. */
    default long replicated() {
        return 0;
    }

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

    /**
     * Read-only occupancy of the model's input buffers, for recorders such as space-time charts.
     * The probe stays valid for the whole run.
     *
     * @throws UnsupportedOperationException when the model does not expose its buffers
     */
    default BufferProbe buffers() {
        throw new UnsupportedOperationException(getClass().getName()
                + " does not expose its input buffers (NetworkModel.buffers()), so space-time charts cannot be recorded");
    }

    /**
     * True when the model counts contention events ({@link #contentionEvents()},
     * {@link #endpointContentionEvents()}, {@link #contentionWaitCycles()}); false means those
     * counters read 0 because nothing is counted, not because nothing contended.
     */
    default boolean countsContention() {
        return false;
    }

    /**
     * Link and switch-port contention events so far (docs/studies/rapidio-m2n.md): packets that had to
     * wait, at a router, for an output port toward another router held by (or granted in the same
     * cycle to) a packet of another flow (another source-destination pair). Each packet counts at
     * most once per router. 0 when the model does not count ({@link #countsContention()}).
     */
    default long contentionEvents() {
        return 0;
    }

    /**
     * Endpoint contention events so far: as {@link #contentionEvents()}, for the output ports that
     * deliver to an end node (two flows reaching one receiver). 0 when the model does not count.
     */
    default long endpointContentionEvents() {
        return 0;
    }

    /**
     * Cycles that packets spent waiting in contention events (both kinds), summed over events: from
     * the cycle a packet first found its output held by another flow at a router until it got that
     * output. 0 when the model does not count.
     */
    default long contentionWaitCycles() {
        return 0;
    }

    /**
     * Counts of the collective engine's packets, by name ({@code packets}: created by interfaces and
     * routers; {@code dropped}: lost to a CRC check on a lossy link); empty without an engine or
     * for a model that has none (since 2.2).
     */
    default java.util.Map<String, Long> collectiveCounters() {
        return java.util.Map.of();
    }

    /**
     * Counts of unicast packets lost to link errors, by name ({@code unicastDropped}: dropped by
     * their destination's CRC check; {@code retransmitted}: queued again at their source); empty
     * for a model that loses none, and may be empty for a run that lost none (since 2.3).
     */
    default java.util.Map<String, Long> lossCounters() {
        return java.util.Map.of();
    }

    /**
     * Node-cycles so far in which a network interface could start a packet and the throttle held
     * back every packet it had queued: the time sources spent waiting for the throttle alone. -1
     * without an active throttle, or for a model that does not count them (since 2.4).
     */
    default long throttleHeldCycles() {
        return -1;
    }
}
