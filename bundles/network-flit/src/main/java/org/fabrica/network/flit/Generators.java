package org.fabrica.network.flit;

import java.util.SplittableRandom;
import org.fabrica.kernel.RandomStreams;
import org.fabrica.kernel.SimulationException;
import org.fabrica.network.ProviderNames;
import org.fabrica.stats.NetworkObserver;
import org.fabrica.traffic.InjectionProcess;
import org.fabrica.traffic.TrafficPattern;

/**
 * The end nodes' packet generators: when each node generates its next packet (the injection
 * process) and where it goes (the traffic pattern), each node drawing from its own random stream.
 * Generation times wait in a min-heap of primitive keys; a generated packet joins its node's
 * source queue ({@link NetworkInterfaces#enqueue}).
 *
 * <p>A packet generated (posted) in cycle t is ready to inject in {@code t + sendOverhead} (the end
 * node's send overhead); the calendar holds that cycle. An injection process may answer
 * {@code AFTER_DELIVERY}: the node is asked again in every cycle with a delivery, after the
 * deliveries were reported, until it gives a cycle (barriers between the transactions of a schedule).
 */
final class Generators {
    private final TrafficPattern pattern;
    private final InjectionProcess injection;
    private final ProviderNames names;
    private final NetworkObserver observer;
    private final NetworkInterfaces interfaces;
    private final SplittableRandom[] random;
    private final GenerationCalendar calendar;
    /** Nodes whose injection process answered AFTER_DELIVERY, asked again after a delivery. */
    private final int[] waitingNodes;
    private int waitingCount;
    private final int nodes;
    private final int packetFlits;
    private final int sendOverhead;
    private final long maxCycles;
    private final Progress progress;

    Generators(TrafficPattern pattern, InjectionProcess injection, ProviderNames names, NetworkObserver observer,
            NetworkInterfaces interfaces, Progress progress, RandomStreams streams, int nodes, int packetFlits,
            int sendOverhead, long maxCycles) {
        this.progress = progress;
        this.pattern = pattern;
        this.injection = injection;
        this.names = names;
        this.observer = observer;
        this.interfaces = interfaces;
        this.nodes = nodes;
        this.packetFlits = packetFlits;
        this.sendOverhead = sendOverhead;
        this.maxCycles = maxCycles;
        this.waitingNodes = new int[nodes];
        // first generation times, each node from its own stream
        random = new SplittableRandom[nodes];
        calendar = new GenerationCalendar(nodes);
        for (int n = 0; n < nodes; n++) {
            random[n] = streams.stream("node", n);
            scheduleNext(n, -1);
        }
    }

    /** True when no node will generate again (nothing in the calendar). */
    boolean exhausted() {
        return calendar.isEmpty();
    }

    boolean hasWaiting() {
        return waitingCount > 0;
    }

    /** Generates the packets due by cycle {@code t}. */
    void generate(long t) {
        GenerationCalendar cal = calendar;
        while (!cal.isEmpty() && cal.peekCycle() <= t) {
            int n = cal.peekNode();
            long at = cal.peekCycle() - sendOverhead; // posted; ready to inject sendOverhead cycles later
            cal.removeFirst();
            int destination;
            try {
                destination = pattern.destination(n, random[n]);
            } catch (RuntimeException e) {
                throw new SimulationException("traffic pattern '" + names.traffic() + "' failed for source node " + n
                        + " at cycle " + t + ": " + e, e);
            }
            if (destination == TrafficPattern.COLLECTIVE) {
                enterCollective(n, t, at);
            } else if (destination != TrafficPattern.NONE) {
                if (destination < 0 || destination >= nodes) {
                    throw new SimulationException("traffic pattern '" + names.traffic() + "' returned destination "
                            + destination + " for source node " + n + " at cycle " + t + "; nodes are 0.." + (nodes - 1));
                }
                long id = progress.nextPacketId++;
                interfaces.enqueue(n, id, destination, at, t);
                interfaces.generated++;
                observer.packetGenerated(id, n, destination, packetFlits, at);
            }
            scheduleNext(n, at);
        }
    }

    /** The collective engine's side, or null. */
    CollectiveUnit collectives;

    /** Node {@code n}'s traffic entered a collective operation (its send overhead spent by cycle {@code t}). */
    private void enterCollective(int n, long t, long posted) {
        if (collectives == null) {
            throw new SimulationException("traffic '" + names.traffic() + "' made node " + n + " enter a collective"
                    + " operation at cycle " + t + ", but the run has no collective engine; name one in the experiment's"
                    + " collective section (docs/collectives.md)");
        }
        int group;
        try {
            group = pattern.collectiveGroup(n);
        } catch (RuntimeException e) {
            throw new SimulationException("traffic pattern '" + names.traffic() + "' failed giving the collective group of"
                    + " node " + n + " at cycle " + t + ": " + e, e);
        }
        collectives.enter(n, group, t, posted);
    }

    private void scheduleNext(int n, long previous) {
        long next;
        try {
            next = injection.next(n, previous, random[n]);
        } catch (RuntimeException e) {
            throw new SimulationException("injection process of '" + names.traffic() + "' failed for node " + n
                    + " after cycle " + previous + ": " + e, e);
        }
        if (next == InjectionProcess.NEVER) {
            return;
        }
        if (next == InjectionProcess.AFTER_DELIVERY) {
            waitingNodes[waitingCount++] = n;
            return;
        }
        if (next < previous || next < 0) {
            throw new SimulationException("injection process of '" + names.traffic() + "' returned cycle " + next
                    + " for node " + n + ", earlier than its previous packet at " + previous);
        }
        // the calendar holds the cycle the packet is ready to inject (posted + send overhead);
        // a packet beyond the end of the run is never generated; keep the node pending
        long ready = next > Long.MAX_VALUE - sendOverhead ? Long.MAX_VALUE : next + sendOverhead;
        calendar.add(Math.min(ready, Math.min(maxCycles, calendar.maxCycle())), n);
    }

    /** Asks every waiting node again (a packet was delivered in cycle {@code t}). */
    void wakeWaiting(long t) {
        int count = waitingCount;
        waitingCount = 0;
        for (int i = 0; i < count; i++) {
            // compacted in place: a node asked adds at most one entry, at an index already read
            int n = waitingNodes[i];
            scheduleNext(n, t);
        }
    }
}
