package org.fabrica.traffic.synthetic;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.fabrica.topology.Topology;
import org.fabrica.traffic.TrafficPattern;
import org.fabrica.traffic.TrafficPatternFactory;
import org.osgi.service.component.annotations.Component;

/**
 * {@code sphere}: high locality on any topology ({@link SpherePattern}). A source's sphere is the
 * set of nodes attached to routers at most {@code radius} router-to-router links from its own
 * router, found by a breadth-first search of the router graph once per router. The sphere traffic
 * of the Dawning 5000 study (docs/studies/dawning.md).
 */
@Component(service = TrafficPatternFactory.class, property = {
        "fabrica.name=sphere",
        "fabrica.description=High locality: a fraction of every source's packets goes to the nodes within a radius of"
                + " router hops, the rest uniformly to the nodes farther away"})
public final class SphereFactory implements TrafficPatternFactory<SphereParameters> {
    @Override
    public Class<SphereParameters> parameterType() {
        return SphereParameters.class;
    }

    @Override
    public TrafficPattern create(Topology topology, SplittableRandom random, SphereParameters parameters) {
        int radius = parameters.radius();
        double fraction = parameters.fraction();
        if (radius < 0) {
            throw new IllegalArgumentException("traffic 'sphere': radius = " + radius + "; use >= 0 router hops");
        }
        if (!(fraction >= 0 && fraction <= 1)) {
            throw new IllegalArgumentException("traffic 'sphere': fraction = " + fraction + "; use 0..1");
        }
        int nodes = topology.nodes();
        if (nodes < 2) {
            throw new IllegalArgumentException("traffic 'sphere' needs at least 2 nodes, but " + topology.describe()
                    + " has " + nodes);
        }
        int routers = topology.routers();
        int[] routerOf = new int[nodes];
        for (int n = 0; n < nodes; n++) {
            routerOf[n] = topology.nodeRouter(n);
        }
        int[][] listed = new int[routers][];
        boolean[] listsSphere = new boolean[routers];
        int[] sphere = new int[routers];
        int[] hops = new int[routers];
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        for (int r = 0; r < routers; r++) {
            if (!hasNodes(topology, r)) {
                continue; // no source lives here
            }
            Arrays.fill(hops, -1);
            hops[r] = 0;
            queue.add(r);
            while (!queue.isEmpty()) {
                int u = queue.poll();
                if (hops[u] == radius) {
                    continue;
                }
                for (int p = 0; p < topology.ports(u); p++) {
                    int v = topology.neighbor(u, p);
                    if (v >= 0 && hops[v] < 0) {
                        hops[v] = hops[u] + 1;
                        queue.add(v);
                    }
                }
            }
            int in = 0;
            for (int n = 0; n < nodes; n++) {
                if (hops[routerOf[n]] >= 0) {
                    in++;
                }
            }
            boolean listIn = in <= nodes - in;
            int[] list = new int[listIn ? in : nodes - in];
            int k = 0;
            for (int n = 0; n < nodes; n++) {
                if ((hops[routerOf[n]] >= 0) == listIn) {
                    list[k++] = n;
                }
            }
            listed[r] = list;
            listsSphere[r] = listIn;
            sphere[r] = in;
        }
        return new SpherePattern(nodes, listed, listsSphere, sphere, routerOf, fraction);
    }

    private static boolean hasNodes(Topology topology, int router) {
        for (int p = 0; p < topology.ports(router); p++) {
            if (topology.terminal(router, p) >= 0) {
                return true;
            }
        }
        return false;
    }
}
