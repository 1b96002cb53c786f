package org.fabrica.collective;

import org.osgi.annotation.versioning.ProviderType;

/** What an engine may do at a node's interface ({@link CollectiveEngine#enter}, {@link CollectiveEngine#atNode}). */
@ProviderType
public interface NodeActions {
    /**
     * The interface sends a one-flit collective packet of {@code packetClass} with {@code header}
     * to its router now (it queues behind the packets the interface holds, or in its VC's injection
     * queue).
     */
    void send(int packetClass, int header);

    /**
     * The operation of {@code group} is complete at this node: its process learns it after the
     * interface's receive overhead.
     */
    void complete(int group);

    /** Calls {@link CollectiveEngine#nodeTimer} for this node with {@code token} in cycle {@code cycle} (at least the next). */
    void timer(long cycle, int token);
}
