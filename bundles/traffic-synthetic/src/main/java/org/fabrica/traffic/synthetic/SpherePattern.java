package org.fabrica.traffic.synthetic;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.fabrica.traffic.TrafficPattern;

/**
 * Sphere traffic: with probability {@code fraction} a packet goes to a node of its source's sphere
 * (the other nodes whose router lies within the radius of the source's router), uniformly; otherwise
 * to a node outside the sphere, uniformly. A source whose sphere holds no other node, or every
 * node, sends every packet to the side that has nodes.
 *
 * <p>Per router only the smaller side is listed (ascending); the larger side is drawn by rejection
 * against that list, at most two draws on average, so memory stays at half the nodes per router at
 * worst and a few nodes per router for small radii.
 */
final class SpherePattern implements TrafficPattern {
    private final int nodes;
    /** Per router: the smaller of its sphere (the router's own nodes included) and the rest, ascending. */
    private final int[][] listed;
    /** Per router: true when {@link #listed} holds the sphere, false when it holds the nodes outside. */
    private final boolean[] listsSphere;
    /** Per router: nodes in the sphere, its own included. */
    private final int[] sphere;
    private final int[] routerOf;
    private final double fraction;

    SpherePattern(int nodes, int[][] listed, boolean[] listsSphere, int[] sphere, int[] routerOf, double fraction) {
        this.nodes = nodes;
        this.listed = listed;
        this.listsSphere = listsSphere;
        this.sphere = sphere;
        this.routerOf = routerOf;
        this.fraction = fraction;
    }

    @Override
    public int destination(int source, SplittableRandom random) {
        int r = routerOf[source];
        int in = sphere[r];
        int out = nodes - in;
        boolean near = in > 1 && (out == 0 || random.nextDouble() < fraction);
        if (!near && out == 0) {
            return NONE;
        }
        int[] list = listed[r];
        if (near == listsSphere[r]) { // the wanted side is listed
            if (!near) {
                return list[random.nextInt(out)];
            }
            int j = random.nextInt(in - 1);
            int self = Arrays.binarySearch(list, source);
            return list[j >= self ? j + 1 : j];
        }
        // the wanted side is the larger one: draw among all other nodes until one is not listed
        while (true) {
            int d = UniformPattern.uniformOther(source, nodes, random);
            if (Arrays.binarySearch(list, d) < 0) {
                return d;
            }
        }
    }

    /** The number of nodes in the sphere of {@code source}'s router, the source included. */
    int sphereSize(int source) {
        return sphere[routerOf[source]];
    }
}
