package org.fabrica.scheduler.circuit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.fabrica.params.Parameters;
import org.fabrica.scheduler.Plan;
import org.fabrica.scheduler.Route;
import org.fabrica.scheduler.ScheduledTransfer;
import org.fabrica.topology.TreeTopology;
import org.fabrica.topology.fattree.ExtendedKAryNTreeFactory;
import org.fabrica.topology.fattree.ExtendedKAryNTreeParameters;
import org.fabrica.topology.fattree.FtFactory;
import org.fabrica.topology.fattree.FtParameters;

/** Test topologies built through the real topology providers, and path checks on their graphs. */
final class Trees {
    private Trees() {
    }

    static TreeTopology ft(int l, int m, int w) {
        return (TreeTopology) new FtFactory().create(Parameters.bind(FtParameters.class, Map.of("l", l, "m", m, "w", w)));
    }

    static TreeTopology ft(int l, int w) {
        return ft(l, w, w);
    }

    static TreeTopology extended(int k, int n) {
        return (TreeTopology) new ExtendedKAryNTreeFactory()
                .create(Parameters.bind(ExtendedKAryNTreeParameters.class, Map.of("k", k, "n", n)));
    }

    /** The topologies of docs/studies/levelwise.md. */
    static List<TreeTopology> specTopologies() {
        return List.of(ft(2, 4), ft(3, 4), ft(4, 4), ft(2, 8), ft(3, 8), ft(4, 8), ft(2, 16), ft(3, 16));
    }

    static int[] randomPermutation(int n, SplittableRandom r) {
        int[] p = new int[n];
        for (int i = 0; i < n; i++) {
            p[i] = i;
        }
        for (int i = n - 1; i > 0; i--) {
            int j = r.nextInt(i + 1);
            int t = p[i];
            p[i] = p[j];
            p[j] = t;
        }
        return p;
    }

    /**
     * Walks a route on the topology's graph (neighbor(), router ports), checking that it is a
     * complete minimal up/down path from source to destination, and returns the directed links it
     * uses: 2 * (router * ports + port) upward, +1 downward (the link leaving the destination
     * side's switch upward, used downward).
     */
    static long[] pathLinks(TreeTopology t, int source, int destination, Route route) {
        int h = route.levels();
        assertEquals(t.commonAncestorLevel(source, destination), h, "route length is H");
        long[] links = new long[2 * h];
        int stride = 0;
        for (int g = 0; g < t.levels(); g++) {
            stride = Math.max(stride, t.downPorts(g) + t.upPorts(g));
        }
        int up = t.nodeRouter(source);
        int down = t.nodeRouter(destination);
        assertEquals(destination, t.terminal(down, t.nodePort(destination)));
        for (int g = 0; g < h; g++) {
            assertEquals(g, t.level(up));
            assertEquals(g, t.level(down));
            int port = t.upPort(g, route.upPort(g));
            links[2 * g] = 2L * ((long) up * stride + port);
            links[2 * g + 1] = 2L * ((long) down * stride + port) + 1;
            assertTrue(up != down, "the two sides meet below H");
            up = t.neighbor(up, port);
            down = t.neighbor(down, port);
            assertEquals(g + 1, t.level(up), "an up port leads one level up");
        }
        assertEquals(up, down, "the downward path with the same ports (Theorem 2) comes from the same ancestor");
        return links;
    }

    /** Checks every granted connection's path on the graph and that no directed link carries two. */
    static void assertDisjointCompletePaths(TreeTopology t, Plan plan) {
        Set<Long> used = new HashSet<>();
        for (ScheduledTransfer s : plan.transfers()) {
            for (long link : pathLinks(t, s.source(), s.destination(), s.route().orElseThrow())) {
                assertTrue(used.add(link), "link " + link + " granted twice in " + t.describe());
            }
        }
    }

    /** The link state that exactly the granted connections of a plan occupy. */
    static LinkState occupiedBy(TreeTopology t, Plan plan) {
        LinkState s = new LinkState(t);
        for (ScheduledTransfer x : plan.transfers()) {
            Route r = x.route().orElseThrow();
            int sigma = t.leafSwitch(x.source());
            int delta = t.leafSwitch(x.destination());
            for (int h = 0; h < r.levels(); h++) {
                s.takeUp(h, sigma, r.upPort(h));
                s.takeDown(h, delta, r.upPort(h));
                sigma = t.parent(h, sigma, r.upPort(h));
                delta = t.parent(h, delta, r.upPort(h));
            }
        }
        return s;
    }
}
