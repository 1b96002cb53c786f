package org.fabrica.traffic.synthetic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import org.fabrica.params.Parameters;
import org.fabrica.routing.RoutingAlgorithm;
import org.fabrica.routing.cube.DorFactory;
import org.fabrica.routing.cube.DorParameters;
import org.fabrica.testing.Hop;
import org.fabrica.testing.RouteWalk;
import org.fabrica.topology.Topology;
import org.fabrica.topology.cube.TorusFactory;
import org.fabrica.topology.cube.TorusParameters;
import org.fabrica.traffic.TrafficPattern;
import org.junit.jupiter.api.Test;

/**
 * The link-capacity lower bound of the SPTh collective (docs/studies/spth.md, "Bounds beside the
 * measurements"): every node sends K packets of F flits at cycle 0; under the model's one flit per
 * link per cycle, no schedule ends before the busiest link (router-to-router, injection or ejection)
 * has carried its flits. Paths are the real DOR's, walked hop by hop. For uniform traffic the bound
 * uses the expected load of each link (the mean duration over seeds cannot be below it, as the mean
 * of a maximum is at least the maximum of the means).
 *
 * <p>With {@code linkCyclesPerFlit} c (the generic router's link bandwidth: one flit every c cycles
 * on a router-to-router link; the terminal links keep one flit per cycle) a router-to-router link
 * needs c cycles per flit it carries, so its share of the bound is c times its flits.
 *
 * <p>Run with {@code -Dfabrica.bounds.k=32} to print the table of the study page (with
 * {@code -Dfabrica.bounds.linkCyclesPerFlit=2}: at half the link bandwidth).
 */
class CollectiveLinkBoundTest {
    private static final int PACKETS = 10;
    private static final int FLITS = 8;

    /** The bound in cycles and which link gives it. */
    record Bound(double cycles, String link) {
    }

    private static Topology torus(int k) {
        return new TorusFactory().create(Parameters.bind(TorusParameters.class, Map.of("k", k, "n", 2)));
    }

    /**
     * Cycles the busiest link needs for its expected flits when source s sends to d with weight
     * w(s, d) packets, a router-to-router link taking {@code linkCyclesPerFlit} cycles per flit and
     * the terminal links (injection, ejection) one.
     */
    static Bound bound(Topology t, RoutingAlgorithm dor, double[][] weight, int linkCyclesPerFlit) {
        int n = t.nodes();
        int maxPorts = 0;
        for (int r = 0; r < t.routers(); r++) {
            maxPorts = Math.max(maxPorts, t.ports(r));
        }
        double[] link = new double[t.routers() * maxPorts];
        double[] injection = new double[n];
        long id = 0;
        for (int s = 0; s < n; s++) {
            for (int d = 0; d < n; d++) {
                double w = weight[s][d];
                if (w == 0 || d == s) {
                    continue;
                }
                injection[s] += w * FLITS;
                // the ejection hop (router to node) is the last one: a terminal link
                List<Hop> path = RouteWalk.walk(dor, t, s, d, id++);
                for (int i = 0; i < path.size(); i++) {
                    Hop h = path.get(i);
                    link[h.router() * maxPorts + h.port()] += w * FLITS * (i < path.size() - 1 ? linkCyclesPerFlit : 1);
                }
            }
        }
        double best = 0;
        String where = "";
        for (int i = 0; i < link.length; i++) {
            if (link[i] > best) {
                best = link[i];
                where = "router " + i / maxPorts + " port " + i % maxPorts;
            }
        }
        for (int s = 0; s < n; s++) {
            if (injection[s] > best) {
                best = injection[s];
                where = "injection at node " + s;
            }
        }
        return new Bound(best, where);
    }

    private static double[][] permutation(TrafficPattern p, int n) {
        double[][] w = new double[n][n];
        SplittableRandom unused = new SplittableRandom(1);
        for (int s = 0; s < n; s++) {
            int d = p.destination(s, unused);
            if (d != TrafficPattern.NONE) {
                w[s][d] = PACKETS;
            }
        }
        return w;
    }

    /** Uniform with the source included in the draw (a packet drawn to its source is not sent). */
    private static double[][] uniform(int n) {
        double[][] w = new double[n][n];
        for (double[] row : w) {
            java.util.Arrays.fill(row, (double) PACKETS / n);
        }
        return w;
    }

    /** The deterministic patterns of the study, by their labels in the example. */
    private static Map<String, TrafficPattern> patterns(Topology t) {
        SplittableRandom r = new SplittableRandom(1);
        Map<String, TrafficPattern> m = new LinkedHashMap<>();
        m.put("transpose", new TransposeFactory().create(t, r, Parameters.defaults(TransposeParameters.class)));
        m.put("shuffle", new ShuffleFactory().create(t, r, Parameters.defaults(ShuffleParameters.class)));
        m.put("bitcomp", new BitComplementFactory().create(t, r, Parameters.defaults(BitComplementParameters.class)));
        m.put("bitrev", new BitReverseFactory().create(t, r, Parameters.defaults(BitReverseParameters.class)));
        m.put("bitrot", new BitRotationFactory().create(t, r, Parameters.defaults(BitRotationParameters.class)));
        m.put("tornado", new TornadoFactory().create(t, r, Parameters.defaults(TornadoParameters.class)));
        return m;
    }

    static Map<String, Bound> bounds(int k, int linkCyclesPerFlit) {
        Topology t = torus(k);
        RoutingAlgorithm dor = new DorFactory().create(t, Parameters.defaults(DorParameters.class));
        Map<String, Bound> out = new LinkedHashMap<>();
        for (Map.Entry<String, TrafficPattern> e : patterns(t).entrySet()) {
            out.put(e.getKey(), bound(t, dor, permutation(e.getValue(), t.nodes()), linkCyclesPerFlit));
        }
        out.put("uniform", bound(t, dor, uniform(t.nodes()), linkCyclesPerFlit));
        return out;
    }

    @Test
    void injectionAloneBoundsAPermutationByKTimesFFlits() {
        Map<String, Bound> b = bounds(8, 1);
        for (String p : List.of("transpose", "shuffle", "bitcomp", "bitrev", "bitrot", "tornado")) {
            assertTrue(b.get(p).cycles() >= PACKETS * FLITS, p + ": " + b.get(p));
        }
        // bit complement on an 8 x 8 torus: (x, y) -> (7-x, 7-y), odd distances, no ties; on a ring the
        // busiest link carries two sources' packets (x = 2 goes 3 hops plus, x = 3 one hop plus: both
        // cross 3 -> 4): 2 x 10 x 8 = 160 flits
        assertEquals(160, b.get("bitcomp").cycles(), 1e-9, b.get("bitcomp").toString());
    }

    @Test
    void everyMeasuredDurationOfTheGoldenRunLiesAboveItsBound() throws IOException {
        // the collective example at its golden size (8 x 8): durations per pattern and scheme
        Path summary = Path.of("../../examples/spth/expected/collective-32x32/summary.csv");
        Map<String, Bound> b = bounds(8, 1);
        int checked = 0;
        for (String line : Files.readAllLines(summary).subList(1, Files.readAllLines(summary).size())) {
            String[] f = line.split(",");
            Bound bound = b.get(f[0]);
            if (bound == null) {
                continue; // randperm: its permutations are the run's own draws
            }
            double measured = Double.parseDouble(f[3]);
            assertTrue(measured >= bound.cycles(), f[0] + "/" + f[1] + ": " + measured + " < bound " + bound);
            checked++;
        }
        assertEquals(21, checked, "7 patterns x 3 schemes");
        String k = System.getProperty("fabrica.bounds.k");
        if (k != null) {
            int c = Integer.getInteger("fabrica.bounds.linkCyclesPerFlit", 1);
            System.out.println("link-capacity lower bounds, " + k + " x " + k + " torus, K = " + PACKETS + ", F = " + FLITS
                    + ", linkCyclesPerFlit = " + c);
            for (Map.Entry<String, Bound> e : bounds(Integer.parseInt(k), c).entrySet()) {
                System.out.println(String.format(Locale.ROOT, "%-10s %8.1f  (%s)", e.getKey(), e.getValue().cycles(),
                        e.getValue().link()));
            }
        }
    }

    @Test
    void halfTheLinkBandwidthDoublesTheBoundWhereARouterToRouterLinkIsTheBusiest() {
        Map<String, Bound> full = bounds(8, 1);
        Map<String, Bound> half = bounds(8, 2);
        for (Map.Entry<String, Bound> e : full.entrySet()) {
            // in every pattern of the study some router-to-router link carries more than a terminal link's
            // 80 flits, so the bound doubles
            assertEquals(2 * e.getValue().cycles(), half.get(e.getKey()).cycles(), 1e-9, e.getKey());
        }
        // the terminal links keep one flit per cycle: nodes 0 and 2 both send to node 1, one hop away from
        // opposite sides; its ejection link carries 160 flits, each router-to-router link 80
        Topology t = torus(8);
        RoutingAlgorithm dor = new DorFactory().create(t, Parameters.defaults(DorParameters.class));
        double[][] w = new double[t.nodes()][t.nodes()];
        w[0][1] = PACKETS;
        w[2][1] = PACKETS;
        Bound oneRate = bound(t, dor, w, 1);
        assertEquals(2 * PACKETS * FLITS, oneRate.cycles(), 1e-9, oneRate.toString());
        assertTrue(oneRate.link().startsWith("router 1 port "), oneRate.link());
        assertEquals(2 * PACKETS * FLITS, bound(t, dor, w, 2).cycles(), 1e-9, "the ejection link is not slowed");
        assertEquals(3 * PACKETS * FLITS, bound(t, dor, w, 3).cycles(), 1e-9, "a router link at 3 cycles per flit");
    }
}
