package org.fabrica.topology;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * A dragonfly (Kim, Dally, Scott and Abts, ISCA 2008): g groups of a routers, every router with p
 * terminals, a - 1 local links (the routers of a group are fully connected) and h global links to
 * routers of other groups, at most one global link between two groups ({@code g <= a h + 1}).
 *
 * <h2>Numbering</h2>
 * Router id = group * a + index (index 0 .. a-1 within the group); node id = router * p + t, so the
 * a p nodes of group G are G a p .. (G+1) a p - 1. Router ports: local ports 0 .. a-2
 * ({@link #localPort(int, int)}: port j leads to the group's router j when j &lt; index, to router
 * j + 1 otherwise), global ports a-1 .. a+h-2 ({@link #globalPort(int)}), terminal ports
 * a+h-1 .. a+h+p-2 ({@link #terminalPort(int)}). A global port whose link the arrangement leaves
 * unused (g &lt; a h + 1) is an unused port.
 *
 * <p>Which global port joins which group is the arrangement's (the provider's javadoc says it);
 * routing asks {@link #gatewayRouter(int, int)} and {@link #gatewayPort(int, int)}.
 *
 * <p>Implementations are immutable.
 *
 * @since 1.5
 */
@ConsumerType
public interface DragonflyTopology extends Topology {
    /** Terminals per router p. */
    int terminalsPerRouter();

    /** Routers per group a. */
    int groupRouters();

    /** Global links per router h. */
    int globalLinks();

    /** Number of groups g. */
    int groups();

    /** Group of router {@code router}. */
    default int group(int router) {
        return router / groupRouters();
    }

    /** Index 0 .. a-1 of router {@code router} within its group. */
    default int index(int router) {
        return router % groupRouters();
    }

    /** Router {@code index} of group {@code group}. */
    default int router(int group, int index) {
        return group * groupRouters() + index;
    }

    /** Port of the router with index {@code from} that leads to the router with index {@code to} of its group. */
    default int localPort(int from, int to) {
        if (from == to) {
            throw new IllegalArgumentException("router " + from + " has no local port to itself");
        }
        return to < from ? to : to - 1;
    }

    /** Router port of global link k (0 .. h-1): a - 1 + k. */
    default int globalPort(int k) {
        return groupRouters() - 1 + k;
    }

    /** Router port of terminal t (0 .. p-1): a - 1 + h + t. */
    default int terminalPort(int t) {
        return groupRouters() - 1 + globalLinks() + t;
    }

    /** True when {@code port} is a local port (0 .. a-2). */
    default boolean isLocalPort(int port) {
        return port < groupRouters() - 1;
    }

    /** True when {@code port} is a global port (a-1 .. a+h-2). */
    default boolean isGlobalPort(int port) {
        return port >= groupRouters() - 1 && port < groupRouters() - 1 + globalLinks();
    }

    /** Router of group {@code group} that holds the global link to group {@code target} (different groups). */
    int gatewayRouter(int group, int target);

    /** Port of {@link #gatewayRouter(int, int)} whose global link leads to group {@code target}. */
    int gatewayPort(int group, int target);
}
