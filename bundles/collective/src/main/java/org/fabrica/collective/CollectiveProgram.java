package org.fabrica.collective;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * When the processes of the nodes enter collective operations, for runs whose traffic is not a
 * trace: e.g. a loop of barriers over a group beside steady unicast load. The network asks it
 * once per node before the run and again whenever a node's process learns a completion; an entry
 * it gives is the cycle the process posts it, the interface's send overhead follows. One program
 * serves one run, on the simulation's thread.
 */
@ConsumerType
public interface CollectiveProgram {
    /** Value of {@link #firstEntry} and {@link #nextEntry} for no entry. */
    long NONE = -1;

    /** The cycle node {@code node}'s process first enters an operation, or {@link #NONE}. */
    long firstEntry(int node);

    /** The group of the operations {@code node} enters. */
    int group(int node);

    /**
     * Node {@code node}'s process learned in {@code cycle} that its operation of {@code group}
     * completed: the cycle it enters the next one, at least {@code cycle}, or {@link #NONE}.
     */
    long nextEntry(int node, int group, long cycle);
}
