package org.fabrica.topology.dragonfly;

import org.fabrica.topology.DragonflyTopology;

/**
 * A dragonfly of g groups of a routers, p terminals and h global links per router, numbered as
 * {@link DragonflyTopology} says: router = group a + index, node = router p + t; local ports
 * 0 .. a-2, global ports a-1 .. a+h-2, terminal ports a+h-1 .. a+h+p-2.
 *
 * <p>Global links: slot o = i h + k of a group is global port k of its router i. With
 * {@link GlobalArrangement#ABSOLUTE} slot o of group G joins group T = (o &lt; G ? o : o + 1), at T's
 * slot (G &lt; T ? G : G - 1) (BookSim2's {@code dragonflynew}: group G reaches T on router
 * (T &lt; G ? T : T - 1) / h, global port (T &lt; G ? T : T - 1) mod h). With
 * {@link GlobalArrangement#PALMTREE} slot o of group G joins group (G - o - 1) mod g at its slot
 * g - 2 - o. Either way every pair of groups has exactly one global link and slots o &gt;= g - 1 are
 * unused ports.
 *
 * <p>Immutable; every query is arithmetic.
 */
public final class Dragonfly implements DragonflyTopology {
    /** Largest number of routers accepted. */
    public static final int MAX_ROUTERS = 1 << 22;

    private final int p;
    private final int a;
    private final int h;
    private final int g;
    private final GlobalArrangement arrangement;

    /**
     * @param g groups, 2 .. a h + 1, or 0 for a h + 1
     * @throws IllegalArgumentException naming the parameter and the fix when one is out of range
     */
    public Dragonfly(int p, int a, int h, int g, GlobalArrangement arrangement) {
        if (p < 1) {
            throw new IllegalArgumentException("dragonfly: p = " + p + " is out of range; a router needs p >= 1 terminals");
        }
        if (a < 1) {
            throw new IllegalArgumentException("dragonfly: a = " + a + " is out of range; a group needs a >= 1 routers");
        }
        if (h < 1) {
            throw new IllegalArgumentException("dragonfly: h = " + h + " is out of range; a router needs h >= 1 global"
                    + " links");
        }
        long max = (long) a * h + 1;
        int groups = g == 0 ? (int) Math.min(max, Integer.MAX_VALUE) : g;
        if (groups > max) {
            throw new IllegalArgumentException("dragonfly: g = " + g + " groups is more than a*h + 1 = " + max
                    + ": the a*h = " + (max - 1) + " global links of a group reach at most " + (max - 1)
                    + " other groups; use g <= " + max + " (or g: 0 for " + max + "), or more global links h or"
                    + " routers a per group");
        }
        if (groups < 2) {
            throw new IllegalArgumentException("dragonfly: g = " + g + " is out of range; a dragonfly needs g >= 2"
                    + " groups (g: 0 gives a*h + 1 = " + max + ")");
        }
        if ((long) groups * a > MAX_ROUTERS || (long) groups * a * p > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("dragonfly: " + groups + " groups of " + a + " routers are more than "
                    + MAX_ROUTERS + " routers; use fewer groups g or routers a");
        }
        this.p = p;
        this.a = a;
        this.h = h;
        this.g = groups;
        this.arrangement = arrangement;
    }

    /** The arrangement of the global links. */
    public GlobalArrangement arrangement() {
        return arrangement;
    }

    @Override
    public int terminalsPerRouter() {
        return p;
    }

    @Override
    public int groupRouters() {
        return a;
    }

    @Override
    public int globalLinks() {
        return h;
    }

    @Override
    public int groups() {
        return g;
    }

    /** Group that slot {@code slot} of group {@code group} joins, or -1 when the slot is unused. */
    public int slotGroup(int group, int slot) {
        if (slot >= g - 1) {
            return -1;
        }
        return switch (arrangement) {
            case ABSOLUTE -> slot < group ? slot : slot + 1;
            case PALMTREE -> Math.floorMod(group - slot - 1, g);
        };
    }

    /** Slot of group {@code group} whose link joins group {@code target} (different groups). */
    public int groupSlot(int group, int target) {
        return switch (arrangement) {
            case ABSOLUTE -> target < group ? target : target - 1;
            case PALMTREE -> Math.floorMod(group - target - 1, g);
        };
    }

    @Override
    public int gatewayRouter(int group, int target) {
        return router(group, groupSlot(group, target) / h);
    }

    @Override
    public int gatewayPort(int group, int target) {
        return globalPort(groupSlot(group, target) % h);
    }

    @Override
    public int nodes() {
        return g * a * p;
    }

    @Override
    public int routers() {
        return g * a;
    }

    @Override
    public int ports(int router) {
        return a - 1 + h + p;
    }

    @Override
    public int neighbor(int router, int port) {
        int index = index(router);
        int group = group(router);
        if (port < a - 1) {
            return router(group, port < index ? port : port + 1);
        }
        if (port < a - 1 + h) {
            int target = slotGroup(group, index * h + port - (a - 1));
            return target < 0 ? -1 : gatewayRouter(target, group);
        }
        return -1;
    }

    @Override
    public int neighborPort(int router, int port) {
        int index = index(router);
        int group = group(router);
        if (port < a - 1) {
            int other = port < index ? port : port + 1;
            return localPort(other, index);
        }
        if (port < a - 1 + h) {
            int target = slotGroup(group, index * h + port - (a - 1));
            return target < 0 ? -1 : gatewayPort(target, group);
        }
        return -1;
    }

    @Override
    public int terminal(int router, int port) {
        int t = port - (a - 1 + h);
        return t >= 0 && t < p ? router * p + t : -1;
    }

    @Override
    public int nodeRouter(int node) {
        return node / p;
    }

    @Override
    public int nodePort(int node) {
        return terminalPort(node % p);
    }

    /** {@code l<j>} to local router j, {@code g<k>} global port k, {@code t<i>} terminal i. */
    @Override
    public String portLabel(int router, int port) {
        if (port < a - 1) {
            return "l" + (port < index(router) ? port : port + 1);
        }
        if (port < a - 1 + h) {
            return "g" + (port - (a - 1));
        }
        return "t" + (port - (a - 1 + h));
    }

    @Override
    public String describe() {
        return "dragonfly p = " + p + ", a = " + a + ", h = " + h + ", g = " + g + " (" + nodes() + " nodes, "
                + routers() + " routers of " + ports(0) + " ports, " + arrangement.name().toLowerCase() + " global links)";
    }

    @Override
    public String toString() {
        return describe();
    }
}
