package org.fabrica.routing.dragonfly;

import org.fabrica.routing.PacketView;
import org.fabrica.routing.RouteCandidates;
import org.fabrica.routing.RoutingAlgorithm;
import org.fabrica.topology.DragonflyTopology;
import org.fabrica.topology.Topology;

/**
 * Minimal (local-global-local) and Valiant routing on a dragonfly (Kim, Dally, Scott and Abts 2008,
 * Sec. 4), oblivious, with VC classes by hop type.
 *
 * <p><b>Minimal</b>: at most one local hop in the source group (to the gateway router of the link to
 * the destination group), the global hop, at most one local hop in the destination group: the
 * shortest path with one global hop, as in the paper (in the graph a path over two global links can
 * be one hop shorter, e.g. when both ends are gateways to a third group). Classes:
 * the source-group local hop in class 0, the global hop and the destination-group local hop in
 * class 1. Why two suffice: a class-0 channel is a local channel followed only by a global one (class
 * 1); in class 1 a global channel is followed by at most one local channel, which is followed only by
 * the ejection, so no chain of class-1 channels returns. One class would not do: a local channel used
 * as the last hop by one packet and as the first by another chains l, g, l, g ... around the groups.
 *
 * <p><b>Valiant</b>: minimal to a random intermediate router in a random intermediate group
 * (neither the source's nor the destination's), then minimal to the destination: up to six hops
 * l g l | l g l. Classes by hop: 0 the source-group local hop; 1 the first global hop and the local
 * hop to the intermediate router; 2 the local hop from it to the gateway and the second global hop;
 * 3 the destination-group local hop. Within class 1 a global channel leads to a local one that
 * leads out of the class, within class 2 a local channel leads to a global one that leads out of it,
 * and class 3 leads to the ejection: acyclic. A packet whose source and destination share a group
 * is routed minimally (one local hop, class 3).
 *
 * <p>The intermediate group and router are a pure function of (run seed, packet id) through
 * SplitMix64, as {@code random-up}'s choices: route() may be asked again for one hop, and the answer
 * must not change. The routing state holds one bit ({@link #PHASE2}), set when the packet reaches its
 * intermediate router; {@link DragonflyUgalRouting} keeps its decision in other bits of the same state.
 */
final class DragonflyRouting implements RoutingAlgorithm {
    /** Routing-state bit of a Valiant packet that has reached its intermediate router. */
    static final int PHASE2 = 1;

    private final DragonflyTopology d;
    private final boolean valiant;
    private final long seedHash;
    private final int a;
    private final int p;
    private final int g;
    /** gateway[group * g + target]: router of group holding the link to target; port likewise. */
    private final int[] gatewayRouter;
    private final int[] gatewayPort;

    DragonflyRouting(DragonflyTopology d, boolean valiant, long seed) {
        this.d = d;
        this.valiant = valiant;
        this.seedHash = mix(seed ^ 0x2545F4914F6CDD1DL);
        this.a = d.groupRouters();
        this.p = d.terminalsPerRouter();
        this.g = d.groups();
        this.gatewayRouter = new int[g * g];
        this.gatewayPort = new int[g * g];
        for (int x = 0; x < g; x++) {
            for (int y = 0; y < g; y++) {
                if (x != y) {
                    gatewayRouter[x * g + y] = d.gatewayRouter(x, y);
                    gatewayPort[x * g + y] = d.gatewayPort(x, y);
                }
            }
        }
    }

    static DragonflyTopology require(String name, Topology topology) {
        if (!(topology instanceof DragonflyTopology d)) {
            throw new IllegalArgumentException("routing '" + name + "' routes dragonflies (topology 'dragonfly'), not "
                    + topology.describe() + "; choose topology 'dragonfly' or a routing algorithm for this topology");
        }
        return d;
    }

    @Override
    public void route(int router, int inPort, PacketView packet, RouteCandidates out) {
        int dest = packet.destination();
        int destRouter = dest / p;
        if (router == destRouter) {
            out.add(d.terminalPort(dest % p), lastClass());
            return;
        }
        int destGroup = destRouter / a;
        int sourceGroup = packet.source() / p / a;
        if (!valiant || sourceGroup == destGroup) {
            minimal(router, destRouter, out);
            return;
        }
        valiant(router, packet, destRouter, intermediateRouter(packet.id(), sourceGroup, destGroup), out);
    }

    /**
     * The intermediate router of Valiant packet {@code packetId}: a router of one of the g - 2 groups
     * other than {@code sourceGroup} and {@code destGroup} (different groups), both uniform.
     */
    int intermediateRouter(long packetId, int sourceGroup, int destGroup) {
        long bits = mix(seedHash ^ mix(packetId * 0x9E3779B97F4A7C15L));
        // the intermediate group: uniform over the g - 2 groups other than the source's and destination's
        int pick = (int) (((bits >>> 32) * (g - 2)) >>> 32);
        int low = Math.min(sourceGroup, destGroup);
        int high = Math.max(sourceGroup, destGroup);
        int midGroup = pick < low ? pick : (pick + 1 < high ? pick + 1 : pick + 2);
        return midGroup * a + (int) (((bits & 0xFFFFFFFFL) * a) >>> 32);
    }

    /**
     * One hop of the Valiant path through {@code midRouter} (in a group other than the current
     * router's and the destination's at the start): phase 1 to it, then phase 2 minimal to
     * {@code destRouter}. Sets {@link #PHASE2} in the routing state on reaching the intermediate
     * router and leaves the other bits alone.
     */
    void valiant(int router, PacketView packet, int destRouter, int midRouter, RouteCandidates out) {
        int state = packet.routingState();
        if ((state & PHASE2) == 0 && router == midRouter) {
            packet.routingState(state |= PHASE2);
        }
        int group = router / a;
        if ((state & PHASE2) == 0) {
            // phase 1: to the intermediate router
            int midGroup = midRouter / a;
            if (group == midGroup) {
                out.add(d.localPort(router % a, midRouter % a), 1);
            } else {
                int gw = gatewayRouter[group * g + midGroup];
                out.add(router == gw ? gatewayPort[group * g + midGroup] : d.localPort(router % a, gw % a),
                        router == gw ? 1 : 0);
            }
            return;
        }
        // phase 2: minimal from the intermediate router
        int destGroup = destRouter / a;
        if (group == destGroup) {
            out.add(d.localPort(router % a, destRouter % a), 3);
        } else {
            int gw = gatewayRouter[group * g + destGroup];
            out.add(router == gw ? gatewayPort[group * g + destGroup] : d.localPort(router % a, gw % a), 2);
        }
    }

    /**
     * Output port of the first hop of the minimal (local-global-local) path from {@code router} to
     * {@code target}, another router.
     */
    int minimalPort(int router, int target) {
        int group = router / a;
        int targetGroup = target / a;
        if (group == targetGroup) {
            return d.localPort(router % a, target % a);
        }
        int gw = gatewayRouter[group * g + targetGroup];
        return router == gw ? gatewayPort[group * g + targetGroup] : d.localPort(router % a, gw % a);
    }

    /** Router hops of the minimal path from {@code router} to {@code target} (0 .. 3). */
    int minimalHops(int router, int target) {
        int group = router / a;
        int targetGroup = target / a;
        if (group == targetGroup) {
            return router == target ? 0 : 1;
        }
        int gw = gatewayRouter[group * g + targetGroup];
        int landing = d.neighbor(gw, gatewayPort[group * g + targetGroup]);
        return (router == gw ? 0 : 1) + 1 + (landing == target ? 0 : 1);
    }

    /** Router of {@code group} holding the global link to {@code target} (different groups). */
    int gateway(int group, int target) {
        return gatewayRouter[group * g + target];
    }

    /** Global port of {@link #gateway} leading to {@code target}. */
    int gatewayPort(int group, int target) {
        return gatewayPort[group * g + target];
    }

    /** One hop of the minimal path; under Valiant's classes 0 (source-group local), 2 (global), 3 (last local). */
    void minimal(int router, int destRouter, RouteCandidates out) {
        int group = router / a;
        int destGroup = destRouter / a;
        if (group == destGroup) {
            out.add(d.localPort(router % a, destRouter % a), lastClass());
            return;
        }
        int gw = gatewayRouter[group * g + destGroup];
        if (router == gw) {
            out.add(gatewayPort[group * g + destGroup], valiant ? 2 : 1);
        } else {
            out.add(d.localPort(router % a, gw % a), 0);
        }
    }

    /** The class of the destination-group local hop and the ejection. */
    private int lastClass() {
        return valiant ? 3 : 1;
    }

    @Override
    public int vcClasses() {
        return valiant ? 4 : 2;
    }

    @Override
    public boolean deterministic() {
        return !valiant;
    }

    // SplitMix64 finaliser (Steele, Lea, Flood 2014)
    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
