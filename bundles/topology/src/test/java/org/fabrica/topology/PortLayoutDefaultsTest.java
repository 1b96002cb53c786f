package org.fabrica.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.BitSet;
import org.junit.jupiter.api.Test;

/**
 * The documented port layouts that the API's default methods give providers who do not override
 * them: tree switches have down ports first, then up ports, and the index conversions invert each
 * other; Cartesian routers have d+, d- per dimension and the terminal port last.
 */
class PortLayoutDefaultsTest {

    /**
     * Only the shape: {@code levels} levels, {@code switches[h]} switches of {@code down[h]} down and
     * {@code up[h]} up ports at level h, routers numbered level by level. Wiring is not needed here.
     */
    private record Shape(int[] switches, int[] down, int[] up) implements TreeTopology {
        @Override
        public int levels() {
            return switches.length;
        }

        @Override
        public int switchesAt(int level) {
            return switches[level];
        }

        @Override
        public int downPorts(int level) {
            return down[level];
        }

        @Override
        public int upPorts(int level) {
            return up[level];
        }

        @Override
        public int router(int level, int index) {
            int r = index;
            for (int h = 0; h < level; h++) {
                r += switches[h];
            }
            return r;
        }

        @Override
        public int level(int router) {
            int h = 0;
            while (router >= switches[h]) {
                router -= switches[h++];
            }
            return h;
        }

        @Override
        public int index(int router) {
            return router - router(level(router), 0);
        }

        @Override
        public int routers() {
            return router(levels() - 1, switches[levels() - 1]);
        }

        @Override
        public int ports(int router) {
            int h = level(router);
            return down[h] + up[h];
        }

        @Override
        public int nodes() {
            return switches[0] * down[0];
        }

        @Override
        public int nodesBelow(int level) {
            int n = down[0];
            for (int h = 1; h <= level; h++) {
                n *= down[h];
            }
            return n;
        }

        // not needed by the defaults under test
        @Override
        public int parent(int level, int index, int upPort) {
            throw new AssertionError();
        }

        @Override
        public int parentDownPort(int level, int index, int upPort) {
            throw new AssertionError();
        }

        @Override
        public int child(int level, int index, int downPort) {
            throw new AssertionError();
        }

        @Override
        public int childUpPort(int level, int index, int downPort) {
            throw new AssertionError();
        }

        @Override
        public int leafSwitch(int node) {
            return node / down[0];
        }

        @Override
        public int leafPosition(int node) {
            return node % down[0];
        }

        @Override
        public int commonAncestorLevel(int source, int destination) {
            throw new AssertionError();
        }

        @Override
        public int firstNodeBelow(int level, int index) {
            return index * nodesBelow(level);
        }

        @Override
        public int neighbor(int router, int port) {
            throw new AssertionError();
        }

        @Override
        public int neighborPort(int router, int port) {
            throw new AssertionError();
        }

        @Override
        public int terminal(int router, int port) {
            throw new AssertionError();
        }

        @Override
        public int nodeRouter(int node) {
            return router(0, leafSwitch(node));
        }

        @Override
        public int nodePort(int node) {
            return downPort(0, leafPosition(node));
        }

        @Override
        public String describe() {
            return "shape";
        }
    }

    @Test
    void treePortsAreDownThenUpAndTheIndexConversionsInvertEachOther() {
        // FT(3, 4, 2)-like shape: 4 down ports everywhere, 2 up ports below the top
        TreeTopology t = new Shape(new int[] {4, 4, 4}, new int[] {4, 4, 4}, new int[] {2, 2, 0});
        for (int r = 0; r < t.routers(); r++) {
            int h = t.level(r);
            assertEquals(r, t.router(h, t.index(r)));
            BitSet seen = new BitSet();
            for (int i = 0; i < t.downPorts(h); i++) {
                int p = t.downPort(h, i);
                assertEquals(i, t.downPortIndex(r, p), "router " + r + " down port " + i);
                assertEquals(-1, t.upPortIndex(r, p));
                seen.set(p);
            }
            for (int i = 0; i < t.upPorts(h); i++) {
                int p = t.upPort(h, i);
                assertEquals(i, t.upPortIndex(r, p), "router " + r + " up port " + i);
                assertEquals(-1, t.downPortIndex(r, p));
                assertTrue(p >= t.downPorts(h), "up ports follow the down ports");
                seen.set(p);
            }
            assertEquals(t.ports(r), seen.cardinality(), "router " + r + ": every port once");
            assertEquals(t.ports(r), seen.nextClearBit(0), "router " + r + ": ports 0 .. ports-1");
            assertEquals(1, t.chipsCrossed(r, 0, t.ports(r) - 1));
        }
        assertEquals("p5", t.portLabel(0, 5));
    }

    @Test
    void nodesAreNumberedLeafByLeafAndLocalNetworksAreTheNodesBelowLevelOne() {
        TreeTopology t = new Shape(new int[] {4, 4, 4}, new int[] {4, 4, 4}, new int[] {2, 2, 0});
        for (int n = 0; n < t.nodes(); n++) {
            assertEquals(n, t.node(t.leafSwitch(n), t.leafPosition(n)));
        }
        assertEquals(16, t.localNetworkSize(), "nodes below one level-1 switch");
        assertEquals(0, t.localNetwork(15));
        assertEquals(1, t.localNetwork(16));
        TreeTopology flat = new Shape(new int[] {1}, new int[] {6}, new int[] {0});
        assertEquals(6, flat.localNetworkSize(), "a single switch is one local network");
        assertEquals(0, flat.localNetwork(5));
    }

    @Test
    void cartesianPortsArePlusMinusPerDimensionThenTheTerminal() {
        for (int dims = 1; dims <= 4; dims++) {
            int n = dims;
            CartesianTopology c = (CartesianTopology) java.lang.reflect.Proxy.newProxyInstance(
                    getClass().getClassLoader(), new Class<?>[] {CartesianTopology.class}, (proxy, method, args) -> {
                        if (method.isDefault()) {
                            return java.lang.reflect.InvocationHandler.invokeDefault(proxy, method, args);
                        }
                        if (method.getName().equals("dimensions")) {
                            return n;
                        }
                        throw new AssertionError("not needed: " + method.getName());
                    });
            BitSet seen = new BitSet();
            for (int d = 0; d < dims; d++) {
                assertTrue(!seen.get(c.plusPort(d)) && !seen.get(c.minusPort(d)));
                seen.set(c.plusPort(d));
                seen.set(c.minusPort(d));
            }
            assertEquals(2 * dims, c.terminalPort());
            assertEquals(2 * dims, seen.cardinality());
            assertEquals(2 * dims, seen.nextClearBit(0), dims + " dimensions: ports 0 .. 2n-1 before the terminal");
        }
    }
}
