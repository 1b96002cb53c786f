package org.fabrica.queuing.basic;

import org.fabrica.queuing.QueuingContext;
import org.fabrica.queuing.QueuingScheme;
import org.fabrica.routing.PacketView;
import org.fabrica.topology.Topology;

/**
 * DBBQ over two virtual networks: network 0 queues by horizontal bands of destinations, network 1
 * by vertical bands (VC = {@code (network * q + band) * classes + class}). The source chooses the
 * network once per packet:
 * <ul>
 * <li>{@link NetworkSelection#ROUND_ROBIN} (OSHA, oblivious): networks alternate packet by packet per source;</li>
 * <li>{@link NetworkSelection#LEAST_OCCUPIED} (SASHA, source adaptive): the network whose candidate queue
 * (the packet's band queue at the output its first hop takes in that network) holds fewer flits as
 * the source router's output counts them by credits; ties alternate as round robin does.</li>
 * </ul>
 * The routing reads the packet's network to choose its path (e.g. XY in network 0, YX in 1).
 */
final class DbbqQueuing implements QueuingScheme {
    private final Bands bands;
    private final NetworkSelection selection;
    private final QueuingContext context;
    private final Topology topology;
    /** Per source: the network its next round-robin choice (or tie) takes. */
    private final int[] next;

    DbbqQueuing(Bands bands, NetworkSelection selection, QueuingContext context) {
        this.bands = bands;
        this.selection = selection;
        this.context = context;
        this.topology = context.topology();
        this.next = new int[topology.nodes()];
    }

    @Override
    public long vcMask(int router, int outPort, int vcClass, PacketView packet) {
        int network = packet.virtualNetwork();
        return 1L << bands.vc(network, bands.band(network, packet.destination()), vcClass);
    }

    @Override
    public long injectionVcMask(int node, PacketView packet) {
        int network = packet.virtualNetwork();
        return 1L << bands.vc(network, bands.band(network, packet.destination()), 0);
    }

    @Override
    public int virtualNetwork(int node, PacketView packet) {
        int turn = next[node];
        if (selection == NetworkSelection.LEAST_OCCUPIED) {
            int a = candidateFlits(node, packet, 0);
            int b = candidateFlits(node, packet, 1);
            packet.virtualNetwork(0);
            if (a != b) {
                return a < b ? 0 : 1;
            }
        }
        next[node] = 1 - turn;
        return turn;
    }

    /** Flits in the queue {@code packet} would take at its first hop in {@code network}. */
    private int candidateFlits(int node, PacketView packet, int network) {
        packet.virtualNetwork(network);
        int port = context.firstHopPort(node, packet);
        int vc = bands.vc(network, bands.band(network, packet.destination()), 0);
        return context.downstreamFlits(topology.nodeRouter(node), port, vc);
    }
}
