package org.fabrica.scheduler;

import java.util.List;

/**
 * A source route through a tree: the upper port taken at each level on the way up,
 * {@code upPorts.get(h)} = P_h at level h = 0 .. H-1, where H is the level of the common
 * ancestor of source and destination. On fat trees the way down uses the same port numbers
 * (Theorem 2 of docs/studies/levelwise.md), so the upward choices determine the whole path. An
 * empty list is a complete route between two nodes of one leaf switch.
 *
 * @param upPorts upper-port choice per level, from the leaf level up
 */
public record Route(List<Integer> upPorts) {
    /** Copies the list. */
    public Route {
        upPorts = List.copyOf(upPorts);
        for (int p : upPorts) {
            if (p < 0) {
                throw new IllegalArgumentException("route " + upPorts + " has a negative upper port");
            }
        }
    }

    /** A route from port numbers, P_0 first. */
    public static Route of(int... upPorts) {
        Integer[] boxed = new Integer[upPorts.length];
        for (int i = 0; i < upPorts.length; i++) {
            boxed[i] = upPorts[i];
        }
        return new Route(List.of(boxed));
    }

    /** Number of upward hops between switches (H). */
    public int levels() {
        return upPorts.size();
    }

    /** P_h, the upper port taken at level h. */
    public int upPort(int level) {
        return upPorts.get(level);
    }

    /** Port numbers joined by dots, P_0 first, e.g. {@code 0.1.0}; {@code -} for the empty route. */
    @Override
    public String toString() {
        if (upPorts.isEmpty()) {
            return "-";
        }
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < upPorts.size(); i++) {
            if (i > 0) {
                b.append('.');
            }
            b.append(upPorts.get(i));
        }
        return b.toString();
    }
}
