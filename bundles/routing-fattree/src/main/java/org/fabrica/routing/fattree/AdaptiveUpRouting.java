package org.fabrica.routing.fattree;

import org.fabrica.routing.NetworkOccupancy;
import org.fabrica.routing.PacketView;
import org.fabrica.routing.RouteCandidates;
import org.fabrica.topology.TreeTopology;

/**
 * Adaptive up-port routing: a climbing packet is offered every upper port of its switch, the one
 * whose downstream buffers hold fewer flits ({@link NetworkOccupancy#downstreamFlits(int, int)})
 * first; it turns down at the nearest common ancestor (or at the top when top-forced), then
 * descends on the unique path. Equal occupancies keep a rotation that starts at a port drawn from
 * (run seed, packet id, level) through SplitMix64, as {@code random-up} draws its port, so an idle
 * network spreads packets as {@code random-up} does and the order is reproducible per seed.
 *
 * <p>Deadlock freedom: every route is still up*&#47;down* (up, then down, never up again), whatever
 * upper port the allocator grants, so the channel dependency graph has no cycle and one VC class
 * suffices; no escape class is needed.
 *
 * <p>Hot path: route allocates nothing (scratch arrays sized by the widest switch; one instance
 * routes one run, on one thread).
 */
final class AdaptiveUpRouting extends UpDownRouting {
    private final long seedHash;
    private final boolean topForced;
    private final int[] port;
    private final int[] held;
    private NetworkOccupancy view;

    AdaptiveUpRouting(String name, TreeTopology tree, long seed, boolean topForced) {
        super(name, tree);
        this.seedHash = RandomUpRouting.mix(seed ^ 0x3C6EF372FE94F82BL);
        this.topForced = topForced;
        int widest = 1;
        for (int w : upPorts) {
            widest = Math.max(widest, w);
        }
        this.port = new int[widest];
        this.held = new int[widest];
    }

    @Override
    int upPort(int level, boolean below, PacketView packet) {
        return below && !topForced ? TURN_DOWN : 0;
    }

    @Override
    void climb(int router, int level, int up, PacketView packet, RouteCandidates out) {
        int w = upPorts[level];
        long bits = RandomUpRouting.mix(seedHash ^ RandomUpRouting.mix(packet.id() * 0x9E3779B97F4A7C15L + level));
        int start = (int) (((bits >>> 32) * w) >>> 32);
        int base = downPorts[level];
        for (int k = 0; k < w; k++) {
            int u = start + k < w ? start + k : start + k - w;
            int flits = view == null ? 0 : view.downstreamFlits(router, base + u);
            int i = k;
            while (i > 0 && held[i - 1] > flits) {
                port[i] = port[i - 1];
                held[i] = held[i - 1];
                i--;
            }
            port[i] = u;
            held[i] = flits;
        }
        for (int i = 0; i < w; i++) {
            out.add(base + port[i], 0);
        }
    }

    @Override
    public boolean deterministic() {
        return false;
    }

    @Override
    public boolean readsOccupancy() {
        return true;
    }

    @Override
    public void occupancy(NetworkOccupancy occupancy) {
        this.view = occupancy;
    }
}
