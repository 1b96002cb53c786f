package org.fabrica.routing.fattree;

import java.util.Arrays;
import org.fabrica.topology.TreeTopology;

/**
 * Explicit per-flow routes on a fat tree: for each flow (source node, destination node) the upper
 * ports P_0 .. P_{L-1} taken at levels 0 .. L-1 on the way up. By Theorem 2 of
 * docs/studies/levelwise.md the downward path is then forced, so these ports are the whole route;
 * they are exactly the port choices a circuit scheduler makes.
 *
 * <h2>Text format</h2>
 * One flow per line: {@code src dst p0 p1 ... p_{L-1}} (whitespace separated; {@code ;} also ends a
 * line, so a table fits in one experiment-file value). {@code #} starts a comment; blank lines are
 * ignored. L may be anything from the flow's common-ancestor level H (a minimal route) up to the
 * top level (a top-forced route); a route with fewer than H ports cannot reach the destination and is
 * rejected, as are ports and nodes out of range and a flow listed twice.
 *
 * <p>Lookup is an open-addressing hash on the flow key: no allocation per query.
 */
final class SourceRoutes {
    private final int nodes;
    private final long[] keys;
    private final int[] start;
    private final int[] length;
    private final int[] ports;
    private final int mask;
    private final int flows;

    private SourceRoutes(int nodes, long[] keys, int[] start, int[] length, int[] ports, int flows) {
        this.nodes = nodes;
        this.keys = keys;
        this.start = start;
        this.length = length;
        this.ports = ports;
        this.mask = keys.length - 1;
        this.flows = flows;
    }

    /**
     * Parses and checks route tables; a flow may appear once across all of them.
     *
     * @param texts route texts, each followed by where it comes from, for messages (a file name or
     *        {@code parameter 'routes'}): {@code text0, origin0, text1, origin1, ...}
     * @throws IllegalArgumentException naming the origin, the line and the problem
     */
    static SourceRoutes parse(TreeTopology tree, String... texts) {
        int nodes = tree.nodes();
        int pieces = 0;
        for (int t = 0; t < texts.length; t += 2) {
            pieces += lineNumbers(texts[t]).length;
        }
        int capacity = 16;
        while (capacity < 2 * pieces) {
            capacity <<= 1;
        }
        long[] keys = new long[capacity];
        int[] start = new int[capacity];
        int[] length = new int[capacity];
        int[] ports = new int[64];
        int used = 0;
        int flows = 0;
        for (int t = 0; t < texts.length; t += 2) {
            String text = texts[t];
            String origin = texts[t + 1];
            String[] lines = text.split("\r?\n|;");
            int[] lineNumber = lineNumbers(text);
            for (int i = 0; i < lines.length; i++) {
                String line = lines[i];
                int hash = line.indexOf('#');
                if (hash >= 0) {
                    line = line.substring(0, hash);
                }
                line = line.trim();
                if (line.isEmpty()) {
                    continue;
                }
                String where = origin + ", line " + lineNumber[i] + " ('" + line + "')";
                String[] fields = line.split("\\s+");
                if (fields.length < 2) {
                    throw new IllegalArgumentException(where + ": a route needs 'src dst p0 p1 ...'");
                }
                int src = number(fields[0], where, "source");
                int dst = number(fields[1], where, "destination");
                if (src >= nodes || dst >= nodes) {
                    throw new IllegalArgumentException(where + ": node " + Math.max(src, dst) + " does not exist; "
                            + tree.describe() + " has nodes 0.." + (nodes - 1));
                }
                int[] route = new int[fields.length - 2];
                for (int f = 2; f < fields.length; f++) {
                    route[f - 2] = number(fields[f], where, "port");
                }
                check(tree, src, dst, route, where);
                long key = key(src, dst, nodes);
                int slot = slot(keys, key, capacity - 1);
                if (keys[slot] != 0) {
                    throw new IllegalArgumentException(where + ": flow " + src + " -> " + dst
                            + " already has a route; list each flow once");
                }
                if (used + route.length > ports.length) {
                    ports = Arrays.copyOf(ports, Math.max(2 * ports.length, used + route.length));
                }
                keys[slot] = key;
                start[slot] = used;
                length[slot] = route.length;
                System.arraycopy(route, 0, ports, used, route.length);
                used += route.length;
                flows++;
            }
        }
        return new SourceRoutes(nodes, keys, start, length, Arrays.copyOf(ports, used), flows);
    }

    /**
     * Walks the route up the tree and checks it reaches an ancestor of the destination.
     *
     * @throws IllegalArgumentException when a port is out of range or the route cannot reach dst
     */
    static void check(TreeTopology tree, int src, int dst, int[] route, String where) {
        int top = tree.levels() - 1;
        if (route.length > top) {
            throw new IllegalArgumentException(where + ": the route of " + src + " -> " + dst + " lists "
                    + route.length + " upper ports but " + tree.describe() + " has only " + top
                    + " levels to climb");
        }
        int sigma = tree.leafSwitch(src);
        for (int h = 0; h < route.length; h++) {
            if (route[h] < 0 || route[h] >= tree.upPorts(h)) {
                throw new IllegalArgumentException(where + ": upper port " + route[h] + " at level " + h
                        + " does not exist; switches of level " + h + " have upper ports 0.." + (tree.upPorts(h) - 1));
            }
            sigma = tree.parent(h, sigma, route[h]);
        }
        int first = tree.firstNodeBelow(route.length, sigma);
        if (dst < first || dst >= first + tree.nodesBelow(route.length)) {
            int needed = tree.commonAncestorLevel(src, dst);
            throw new IllegalArgumentException(where + ": the route of " + src + " -> " + dst + " climbs to SW("
                    + route.length + ", " + sigma + "), which is not above node " + dst
                    + ", so it does not reach the destination; the common ancestor is at level " + needed
                    + ", so the route needs at least " + needed + " upper ports");
        }
    }

    private static int[] lineNumbers(String text) {
        // line number (1-based) of every piece split at newlines and ';'
        int pieces = 1;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\n' || c == ';') {
                pieces++;
            }
        }
        int[] numbers = new int[pieces];
        int line = 1;
        int piece = 0;
        numbers[0] = 1;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\n') {
                line++;
            }
            if (c == '\n' || c == ';') {
                numbers[++piece] = line;
            }
        }
        return numbers;
    }

    private static int number(String field, String where, String what) {
        try {
            int v = Integer.parseInt(field);
            if (v < 0) {
                throw new NumberFormatException();
            }
            return v;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(where + ": " + what + " '" + field + "' is not a non-negative whole number");
        }
    }

    private static long key(int src, int dst, int nodes) {
        // + 1 keeps 0 free as the empty-slot marker
        return (long) src * nodes + dst + 1;
    }

    private static int slot(long[] keys, long key, int mask) {
        int s = (int) RandomUpRouting.mix(key) & mask;
        while (keys[s] != 0 && keys[s] != key) {
            s = (s + 1) & mask;
        }
        return s;
    }

    /** Slot of a flow's route, or -1 when the flow has none. */
    int find(int src, int dst) {
        long key = key(src, dst, nodes);
        int s = slot(keys, key, mask);
        return keys[s] == 0 ? -1 : s;
    }

    /** Number of upper ports of the route in a slot. */
    int length(int slot) {
        return length[slot];
    }

    /** Upper port at level h of the route in a slot. */
    int port(int slot, int level) {
        return ports[start[slot] + level];
    }

    /** Number of flows with a route. */
    int flows() {
        return flows;
    }
}
