package org.fabrica.throttle;

import org.fabrica.topology.Topology;
import org.osgi.annotation.versioning.ProviderType;

/** What the network model exposes to a throttle; implemented by the network model. */
@ProviderType
public interface ThrottleContext {
    Topology topology();

    /** Virtual channels per input port. */
    int vcs();

    /** Capacity of one VC buffer in flits. */
    int bufferFlits();

    /**
     * Free flits (as the upstream router's credits count them) of VC {@code vc} of the input
     * buffer that output {@code outPort} of {@code router} feeds.
     */
    int freeFlits(int router, int outPort, int vc);

    /** Free flits of VC {@code vc} of input port {@code inPort} of {@code router} itself. */
    int inputFreeFlits(int router, int inPort, int vc);

    /**
     * For every (router, output port, VC) at once: is {@link #freeFlits(int, int, int)} at most
     * {@code margin}? The answer goes to {@code into[(first(router) + outPort) * vcs() + vc]}, where
     * {@code first(router)} is the sum of {@code topology().ports(r)} over the routers
     * {@code r < router}. A throttle that samples every buffer every cycle calls this once instead
     * of once per buffer, and a network model can answer it without computing exact free space
     * where the answer is clear. Hot path: must not allocate. The default asks buffer by buffer.
     *
     * @since 1.1
     */
    default void freeFlitsAtMost(int margin, boolean[] into) {
        Topology topology = topology();
        int vcs = vcs();
        int i = 0;
        for (int r = 0, routers = topology.routers(); r < routers; r++) {
            for (int p = 0, ports = topology.ports(r); p < ports; p++) {
                for (int v = 0; v < vcs; v++) {
                    into[i++] = freeFlits(r, p, v) <= margin;
                }
            }
        }
    }

    /**
     * For every (router, input port, VC) at once: is {@link #inputFreeFlits(int, int, int)} at most
     * {@code margin}? Laid out as in {@link #freeFlitsAtMost(int, boolean[])}. Hot path: must not
     * allocate. The default asks buffer by buffer.
     *
     * @since 1.1
     */
    default void inputFreeFlitsAtMost(int margin, boolean[] into) {
        Topology topology = topology();
        int vcs = vcs();
        int i = 0;
        for (int r = 0, routers = topology.routers(); r < routers; r++) {
            for (int p = 0, ports = topology.ports(r); p < ports; p++) {
                for (int v = 0; v < vcs; v++) {
                    into[i++] = inputFreeFlits(r, p, v) <= margin;
                }
            }
        }
    }
}
