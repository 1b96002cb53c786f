package org.fabrica.collective;

import java.util.Map;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * The network's collective engine for one run: it decides what happens to every collective packet
 * at the routers and interfaces it reaches, and starts an operation when a node's process enters
 * it. The network carries the packets like any other (buffers, credits, allocation, links) and asks
 * the engine only at these three points. One engine serves one run, on the simulation's thread;
 * calls come in cycle order.
 *
 * <p>A collective packet is one flit. Its {@link CollectivePacket#header() header} is the engine's
 * own 32-bit word (kind, group, sequence, as the engine encodes them); its
 * {@link CollectivePacket#packetClass() class} tells queuing schemes which VCs it may take (a
 * barrier VC, for example).
 */
@ConsumerType
public interface CollectiveEngine {
    /**
     * The process at {@code node} entered an operation of {@code group} (e.g. a barrier) in
     * {@code cycle}, after its send overhead.
     */
    void enter(int node, int group, long cycle, NodeActions actions);

    /**
     * A collective packet's head reached the route stage of {@code router}, having entered through
     * {@code inPort}. Call exactly one of {@link RouterActions#absorb()}, one
     * {@link RouterActions#forward(int)}, or one or more {@link RouterActions#branch(int)}.
     */
    void atRouter(int router, int inPort, CollectivePacket packet, long cycle, RouterActions actions);

    /** A collective packet arrived at {@code node}'s interface (the interface's engine, not the process). */
    void atNode(int node, CollectivePacket packet, long cycle, NodeActions actions);

    /**
     * A timer this engine set at {@code router} ({@link RouterActions#timer}) is due: only
     * {@link RouterActions#send} and {@link RouterActions#timer} are valid here (there is no packet).
     * Timers are not cancelled: an engine ignores those that no longer matter.
     */
    default void routerTimer(int router, int token, long cycle, RouterActions actions) {
    }

    /** A timer this engine set at {@code node}'s interface ({@link NodeActions#timer}) is due. */
    default void nodeTimer(int node, int token, long cycle, NodeActions actions) {
    }

    /**
     * Counters for the results, by name (e.g. {@code combined}); read after the run. Names are
     * lower camel case; the runner reports each as {@code collective.<name>}.
     */
    default Map<String, Long> counters() {
        return Map.of();
    }
}
