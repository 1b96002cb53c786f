package org.fabrica.topology.hyperx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Map;
import org.fabrica.params.Parameters;
import org.fabrica.testing.TopologyContract;
import org.fabrica.topology.Topology;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class HyperXTest {

    static HyperX hyperx(int[] widths, int terminals) {
        return (HyperX) new HyperXFactory().create(Parameters.bind(HyperXParameters.class,
                Map.of("widths", widths, "terminals", terminals)));
    }

    @ParameterizedTest(name = "widths {0}, T = {1}")
    @CsvSource({"'4 4', 4", "'3 5', 1", "'2 3 4', 2", "'8', 3", "'3 3 3 3', 1"})
    void everyLineIsFullyConnectedAndTheDiameterIsTheNumberOfDimensions(String shape, int terminals) {
        int[] widths = Arrays.stream(shape.split(" ")).mapToInt(Integer::parseInt).toArray();
        HyperX x = hyperx(widths, terminals);
        int routers = Arrays.stream(widths).reduce(1, (u, v) -> u * v);
        int degree = Arrays.stream(widths).map(w -> w - 1).sum();
        assertEquals(routers, x.routers());
        assertEquals(routers * terminals, x.nodes());
        TopologyContract.Census census = TopologyContract.check(x);
        assertEquals(routers * degree, census.linkPorts());
        assertEquals(x.nodes(), census.terminalPorts());
        assertEquals(0, census.unusedPorts());
        for (int r = 0; r < routers; r++) {
            for (int d = 0; d < widths.length; d++) {
                for (int c = 0; c < widths[d]; c++) {
                    if (c == x.coordinate(r, d)) {
                        continue;
                    }
                    int s = x.neighbor(r, x.dimensionPort(d, x.coordinate(r, d), c));
                    assertEquals(x.withCoordinate(r, d, c), s, "router " + r + " dimension " + d + " to coordinate " + c);
                    for (int e = 0; e < widths.length; e++) {
                        assertEquals(e == d ? c : x.coordinate(r, e), x.coordinate(s, e));
                    }
                }
            }
        }
        assertEquals(widths.length, diameter(x));
    }

    @Test
    void flattenedButterflyIsTheHyperXOfNMinusOneDimensionsOfWidthK() {
        HyperX f = (HyperX) new FlatFlyFactory().create(Parameters.bind(FlatFlyParameters.class, Map.of("k", 4, "n", 3)));
        assertEquals(2, f.dimensions());
        assertEquals(4, f.width(0));
        assertEquals(4, f.width(1));
        assertEquals(4, f.terminalsPerRouter());
        assertEquals(64, f.nodes()); // k^n
        assertEquals(16, f.routers()); // k^(n-1)
        assertEquals(2 * 3 + 4, f.ports(0)); // (n-1)(k-1) network ports and c terminals
        assertTrue(f.describe().startsWith("4-ary 3-flat"), f.describe());
        HyperX concentrated = (HyperX) new FlatFlyFactory().create(Parameters.bind(FlatFlyParameters.class,
                Map.of("k", 8, "n", 2, "c", 2)));
        assertEquals(16, concentrated.nodes());
        TopologyContract.check(concentrated);
        assertEquals(1, diameter(concentrated));
    }

    @Test
    void badWidthsAreRefusedNamingTheDimension() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> hyperx(new int[] {4, 1}, 1));
        assertTrue(e.getMessage().contains("dimension 1") && e.getMessage().contains("at least 2"), e.getMessage());
        IllegalArgumentException empty = assertThrows(IllegalArgumentException.class, () -> hyperx(new int[0], 1));
        assertTrue(empty.getMessage().contains("'widths' is empty"), empty.getMessage());
    }

    @Test
    void portsAndLabels() {
        HyperX x = hyperx(new int[] {3, 4}, 2);
        int r = 1 + 3 * 2; // (1, 2)
        assertEquals(2 + 3 + 2, x.ports(r));
        assertEquals(0, x.dimensionPort(0, 1, 0));
        assertEquals(1, x.dimensionPort(0, 1, 2));
        assertEquals(2 + 2, x.dimensionPort(1, 2, 3));
        assertEquals("d0=2", x.portLabel(r, 1));
        assertEquals("d1=3", x.portLabel(r, 4));
        assertEquals("t1", x.portLabel(r, 6));
        assertEquals(r, x.nodeRouter(2 * r + 1));
        assertEquals(6, x.nodePort(2 * r + 1));
    }

    static int diameter(Topology t) {
        int worst = 0;
        int[] dist = new int[t.routers()];
        for (int s = 0; s < t.routers(); s++) {
            Arrays.fill(dist, -1);
            dist[s] = 0;
            ArrayDeque<Integer> queue = new ArrayDeque<>();
            queue.add(s);
            while (!queue.isEmpty()) {
                int r = queue.poll();
                for (int port = 0; port < t.ports(r); port++) {
                    int n = t.neighbor(r, port);
                    if (n >= 0 && dist[n] < 0) {
                        dist[n] = dist[r] + 1;
                        queue.add(n);
                    }
                }
            }
            for (int v : dist) {
                assertTrue(v >= 0, "router unreachable from " + s);
                worst = Math.max(worst, v);
            }
        }
        return worst;
    }
}
