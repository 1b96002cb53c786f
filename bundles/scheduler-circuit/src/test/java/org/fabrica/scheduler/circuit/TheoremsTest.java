package org.fabrica.scheduler.circuit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.fabrica.topology.TreeTopology;
import org.junit.jupiter.api.Test;

/**
 * The facts the circuit schedulers rest on (docs/studies/levelwise.md), checked on the topology
 * provider's graph: Theorem 1 (the digit rule for the parent), Theorem 2 (the downward path uses
 * the same port numbers) and the common-ancestor level H.
 */
class TheoremsTest {
    /** Theorem 1 written from the study: sum_{i>h} t_i w^i + sum_{1<=i<=h} t_{i-1} w^i + P. */
    static int theorem1(int tau, int h, int p, int w, int l) {
        int next = p;
        int weight = 1;
        int[] t = new int[Math.max(1, l - 1)];
        for (int i = 0; i < l - 1; i++) {
            t[i] = tau / weight % w;
            weight *= w;
        }
        int wi = 1;
        for (int i = 0; i < l - 1; i++) {
            if (i > h) {
                next += t[i] * wi;
            } else if (i >= 1 && i <= h) {
                next += t[i - 1] * wi;
            }
            wi *= w;
        }
        return next;
    }

    @Test
    void theorem1OnEverySwitchAndPortOfTheSpecTopologies() {
        for (TreeTopology t : Trees.specTopologies()) {
            int l = t.levels();
            int w = t.upPorts(0);
            for (int h = 0; h < l - 1; h++) {
                for (int tau = 0; tau < t.switchesAt(h); tau++) {
                    int router = t.router(h, tau);
                    for (int p = 0; p < w; p++) {
                        int parent = theorem1(tau, h, p, w, l);
                        assertEquals(parent, t.parent(h, tau, p), t.describe() + " SW(" + h + "," + tau + ") port " + p);
                        // and the graph agrees
                        assertEquals(t.router(h + 1, parent), t.neighbor(router, t.upPort(h, p)));
                    }
                }
            }
        }
    }

    @Test
    void workedExampleDigits() {
        TreeTopology t = Trees.ft(4, 4);
        assertEquals(0, t.leafSwitch(3));
        assertEquals(0b01_01_11, t.leafSwitch(95), "node 95 is on SW(0, 113) base 4");
        assertEquals(3, t.commonAncestorLevel(3, 95));
        assertEquals(0, t.parent(0, 0, 0), "sigma_1 = SW(1, 000)");
        assertEquals(1 * 16 + 1 * 4, t.parent(0, 23, 0), "delta_1 = SW(1, 110)");
        assertEquals(1, t.parent(1, 0, 1), "sigma_2 = SW(2, 001)");
        assertEquals(16 + 1, t.parent(1, 20, 1), "delta_2 = SW(2, 101)");
        assertEquals(t.parent(2, 1, 0), t.parent(2, 17, 0), "both meet at level 3");
    }

    /** Every leaf pair and every port sequence: both sides climb to one switch at level H and not before. */
    static void theorem2Exhaustive(TreeTopology t) {
        int leaves = t.switchesAt(0);
        int w = t.upPorts(0);
        for (int a = 0; a < leaves; a++) {
            for (int b = 0; b < leaves; b++) {
                int h = t.commonAncestorLevel(t.node(a, 0), t.node(b, 0));
                int sequences = 1;
                for (int i = 0; i < h; i++) {
                    sequences *= w;
                }
                for (int seq = 0; seq < sequences; seq++) {
                    climbBoth(t, a, b, h, seq);
                }
            }
        }
    }

    static void climbBoth(TreeTopology t, int a, int b, int h, int seq) {
        int w = t.upPorts(0);
        int sigma = t.router(0, a);
        int delta = t.router(0, b);
        int s = seq;
        for (int g = 0; g < h; g++) {
            if (a != b) {
                assertNotEquals(sigma, delta, "paths meet below H");
            }
            int p = s % w;
            s /= w;
            sigma = t.neighbor(sigma, t.upPort(g, p));
            delta = t.neighbor(delta, t.upPort(g, p));
        }
        assertEquals(sigma, delta, t.describe() + ": leaves " + a + ", " + b + " ports " + seq + " do not meet at H");
    }

    @Test
    void theorem2OnSmallTreesExhaustively() {
        for (TreeTopology t : List.of(Trees.ft(2, 4), Trees.ft(3, 4), Trees.ft(4, 4), Trees.ft(2, 8), Trees.ft(3, 8),
                Trees.ft(2, 16), Trees.ft(3, 2, 4), Trees.ft(3, 6, 4), Trees.ft(4, 3, 2), Trees.extended(2, 3),
                Trees.extended(4, 3))) {
            theorem2Exhaustive(t);
        }
    }

    @Test
    void theorem2OnTheLargeSpecTreesBySampling() {
        SplittableRandom r = new SplittableRandom(7);
        for (TreeTopology t : List.of(Trees.ft(4, 8), Trees.ft(3, 16), Trees.extended(8, 3))) {
            int w = t.upPorts(0);
            for (int i = 0; i < 20_000; i++) {
                int a = r.nextInt(t.switchesAt(0));
                int b = r.nextInt(t.switchesAt(0));
                int h = t.commonAncestorLevel(t.node(a, 0), t.node(b, 0));
                int sequences = (int) Math.pow(w, h);
                climbBoth(t, a, b, h, r.nextInt(sequences));
            }
        }
    }

    @Test
    void commonAncestorLevelAgainstBruteForce() {
        for (TreeTopology t : List.of(Trees.ft(3, 4), Trees.ft(4, 2), Trees.ft(3, 3, 2), Trees.extended(2, 3))) {
            int leaves = t.switchesAt(0);
            // reach[h] = set of routers at level h above each leaf
            List<List<Set<Integer>>> reach = new java.util.ArrayList<>();
            for (int a = 0; a < leaves; a++) {
                List<Set<Integer>> levels = new java.util.ArrayList<>();
                Set<Integer> level = Set.of(t.router(0, a));
                levels.add(level);
                for (int h = 0; h + 1 < t.levels(); h++) {
                    Set<Integer> next = new HashSet<>();
                    for (int r : level) {
                        for (int p = 0; p < t.upPorts(h); p++) {
                            next.add(t.neighbor(r, t.upPort(h, p)));
                        }
                    }
                    levels.add(next);
                    level = next;
                }
                reach.add(levels);
            }
            for (int a = 0; a < leaves; a++) {
                for (int b = 0; b < leaves; b++) {
                    int h = 0;
                    while (java.util.Collections.disjoint(reach.get(a).get(h), reach.get(b).get(h))) {
                        h++;
                    }
                    assertEquals(h, t.commonAncestorLevel(t.node(a, 0), t.node(b, t.downPorts(0) - 1)), t.describe());
                }
            }
        }
    }
}
