package org.fabrica.throttle;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.fabrica.topology.Topology;
import org.junit.jupiter.api.Test;

/**
 * The bulk busy-state defaults of {@link ThrottleContext} lay out their answers as the API
 * documents ({@code (first(router) + port) * vcs + vc}, routers with different port counts), and
 * agree buffer by buffer with the single queries they are built on.
 */
class ThrottleContextDefaultsTest {
    /** Three routers with 2, 4 and 3 ports; free flits a function of (router, port, vc). */
    private static final int[] PORTS = {2, 4, 3};
    private static final int VCS = 3;

    private static int free(int router, int port, int vc) {
        return (7 * router + 3 * port + vc) % 9;
    }

    private static int inputFree(int router, int port, int vc) {
        return (5 * router + port + 2 * vc) % 9;
    }

    private final ThrottleContext context = new ThrottleContext() {
        @Override
        public Topology topology() {
            return new Topology() {
                @Override
                public int nodes() {
                    return 0;
                }

                @Override
                public int routers() {
                    return PORTS.length;
                }

                @Override
                public int ports(int router) {
                    return PORTS[router];
                }

                @Override
                public int neighbor(int router, int port) {
                    return -1;
                }

                @Override
                public int neighborPort(int router, int port) {
                    return -1;
                }

                @Override
                public int terminal(int router, int port) {
                    return -1;
                }

                @Override
                public int nodeRouter(int node) {
                    throw new IllegalArgumentException("no nodes");
                }

                @Override
                public int nodePort(int node) {
                    throw new IllegalArgumentException("no nodes");
                }

                @Override
                public String describe() {
                    return "three unconnected routers";
                }
            };
        }

        @Override
        public int vcs() {
            return VCS;
        }

        @Override
        public int bufferFlits() {
            return 8;
        }

        @Override
        public int freeFlits(int router, int outPort, int vc) {
            return free(router, outPort, vc);
        }

        @Override
        public int inputFreeFlits(int router, int inPort, int vc) {
            return inputFree(router, inPort, vc);
        }
    };

    @Test
    void bulkAnswersFollowTheDocumentedLayoutAndTheSingleQueries() {
        int total = (2 + 4 + 3) * VCS;
        for (int margin = -1; margin <= 9; margin++) {
            boolean[] out = new boolean[total];
            boolean[] in = new boolean[total];
            context.freeFlitsAtMost(margin, out);
            context.inputFreeFlitsAtMost(margin, in);
            int first = 0;
            int busyOut = 0;
            for (int r = 0; r < PORTS.length; r++) {
                for (int p = 0; p < PORTS[r]; p++) {
                    for (int v = 0; v < VCS; v++) {
                        int i = (first + p) * VCS + v;
                        assertEquals(free(r, p, v) <= margin, out[i], "output r" + r + " p" + p + " vc" + v);
                        assertEquals(inputFree(r, p, v) <= margin, in[i], "input r" + r + " p" + p + " vc" + v);
                        busyOut += out[i] ? 1 : 0;
                    }
                }
                first += PORTS[r];
            }
            if (margin < 0) {
                assertEquals(0, busyOut);
            } else if (margin >= 8) {
                assertEquals(total, busyOut);
            }
        }
    }
}
