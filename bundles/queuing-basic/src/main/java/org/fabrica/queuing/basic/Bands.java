package org.fabrica.queuing.basic;

import org.fabrica.queuing.QueuingContext;
import org.fabrica.topology.CartesianTopology;
import org.fabrica.topology.KnsTopology;
import org.fabrica.topology.Topology;

/**
 * Destination bands, as BBQ and DBBQ queue packets: horizontal bands {@code floor(dest * q / N)}
 * (consecutive node numbers) and vertical bands {@code floor((dest mod k) * q / k)} (nodes of the
 * same column, k nodes per row). The VC of a packet is
 * {@code (network * q + band) * classes + vcClass}: the routing's VC classes (e.g. datelines)
 * stay apart inside every band.
 */
final class Bands {
    final int nodes;
    final int perNetwork;
    final int columns;
    final int classes;

    private Bands(int nodes, int perNetwork, int columns, int classes) {
        this.nodes = nodes;
        this.perNetwork = perNetwork;
        this.columns = columns;
        this.classes = classes;
    }

    /**
     * Bands of {@code perNetwork} queues in each of {@code networks} virtual networks, checked
     * against the VCs the network has.
     *
     * @param name the scheme, for messages
     * @param columns k of the vertical bands, 0 for the topology's first radix (tori, meshes, KNS), unused with one network
     * @param fewer how to need fewer VCs with this scheme, for the message ("lower queues")
     */
    static Bands of(String name, QueuingContext context, int networks, int perNetwork, int columns, String fewer) {
        Topology t = context.topology();
        int classes = context.vcClasses();
        long needed = (long) networks * perNetwork * classes;
        if (needed > context.vcs()) {
            throw new IllegalArgumentException("queuing '" + name + "' needs " + networks + " virtual network"
                    + (networks == 1 ? "" : "s") + " x " + perNetwork + " queues x " + classes + " VC class"
                    + (classes == 1 ? "" : "es") + " of the routing = " + needed + " VCs, but the hardware has "
                    + context.vcs() + "; give the hardware more VCs (generic: vcs, infiniband: vls) or " + fewer);
        }
        if (perNetwork > t.nodes()) {
            throw new IllegalArgumentException("queuing '" + name + "': " + perNetwork + " bands for " + t.nodes()
                    + " nodes; use at most one band per node");
        }
        int k = columns;
        if (networks > 1 && k == 0) {
            if (t instanceof CartesianTopology c) {
                k = c.radix(0);
            } else if (t instanceof KnsTopology kns) {
                k = kns.radix();
            } else {
                throw new IllegalArgumentException("queuing '" + name + "': the vertical bands need the row length k,"
                        + " and " + t.describe() + " does not give one; set 'columns' (nodes per row)");
            }
        }
        if (networks > 1 && (k < perNetwork || t.nodes() % k != 0)) {
            throw new IllegalArgumentException("queuing '" + name + "': columns = " + k + " must divide the " + t.nodes()
                    + " nodes into rows and be at least the " + perNetwork + " queues per virtual network");
        }
        return new Bands(t.nodes(), perNetwork, k, classes);
    }

    /** Horizontal band of {@code destination}: 0 .. perNetwork-1 over consecutive node numbers. */
    int horizontal(int destination) {
        return (int) ((long) destination * perNetwork / nodes);
    }

    /** Vertical band of {@code destination}: 0 .. perNetwork-1 by its column. */
    int vertical(int destination) {
        return (int) ((long) (destination % columns) * perNetwork / columns);
    }

    /** The band of {@code destination} in {@code network}: horizontal in network 0, vertical in 1. */
    int band(int network, int destination) {
        return network == 0 ? horizontal(destination) : vertical(destination);
    }

    /** The VC of a packet in {@code network}, {@code band}, {@code vcClass}. */
    int vc(int network, int band, int vcClass) {
        return (network * perNetwork + band) * classes + vcClass;
    }
}
