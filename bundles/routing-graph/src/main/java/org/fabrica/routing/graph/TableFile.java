package org.fabrica.routing.graph;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.fabrica.topology.Topology;

/**
 * Reads forwarding tables from text: one entry per line, {@code <router> <destination> <port>}, the
 * router's number, the destination node's number or a range {@code a-b} of them, and the output
 * port by its label (as the topology names ports: {@code r3} or {@code n5} on an anynet network,
 * the port number on an InfiniBand fabric, {@code x+} on a torus). {@code #} starts a comment. An
 * entry may be given once; at a destination's own router it may be left out (the destination's
 * port is the only choice).
 */
final class TableFile implements ForwardingTables.Origin {
    private final String name;
    private final int nodes;
    private final int[] port;
    private final int[] line;

    private TableFile(String name, int nodes, int[] port, int[] line) {
        this.name = name;
        this.nodes = nodes;
        this.port = port;
        this.line = line;
    }

    int[] entries() {
        return port;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String where(int router, int destination) {
        int l = line[router * nodes + destination];
        return l > 0 ? "line " + l : null;
    }

    private static final String FORMAT = "each line is '<router> <destination node or a-b> <port label>', e.g. '0 4-7"
            + " r1'";

    static TableFile read(Topology t, String name, List<String> lines) {
        int nodes = t.nodes();
        int entries = ForwardingTables.entries(t, name);
        int[] port = new int[entries];
        int[] lineOf = new int[entries];
        Arrays.fill(port, -1);
        Map<Integer, Map<String, Integer>> labels = new HashMap<>();
        String who = "forwarding tables '" + name + "'";
        for (int i = 0; i < lines.size(); i++) {
            String text = lines.get(i);
            int hash = text.indexOf('#');
            String body = (hash >= 0 ? text.substring(0, hash) : text).strip();
            if (body.isEmpty()) {
                continue;
            }
            String at = name + " line " + (i + 1) + ": ";
            String[] w = body.split("\\s+");
            if (w.length != 3) {
                throw new IllegalArgumentException(at + "'" + body + "' has " + w.length + " fields; " + FORMAT);
            }
            int router = number(w[0], at, "router", t.routers());
            int from;
            int to;
            int dash = w[1].indexOf('-', 1);
            if (dash > 0) {
                from = number(w[1].substring(0, dash), at, "node", nodes);
                to = number(w[1].substring(dash + 1), at, "node", nodes);
                if (to < from) {
                    throw new IllegalArgumentException(at + "range '" + w[1] + "' is empty; write the lower node first");
                }
            } else {
                from = number(w[1], at, "node", nodes);
                to = from;
            }
            Map<String, Integer> byLabel = labels.computeIfAbsent(router, r -> labels(t, r, who));
            Integer p = byLabel.get(w[2]);
            if (p == null) {
                throw new IllegalArgumentException(at + "router " + router + " has no port '" + w[2] + "'; its ports are "
                        + portList(t, router));
            }
            for (int d = from; d <= to; d++) {
                int e = router * nodes + d;
                if (lineOf[e] > 0) {
                    throw new IllegalArgumentException(at + "router " + router + " already has an entry for node " + d
                            + " (line " + lineOf[e] + "); give each entry once");
                }
                port[e] = p;
                lineOf[e] = i + 1;
            }
        }
        return new TableFile(who, nodes, port, lineOf);
    }

    private static Map<String, Integer> labels(Topology t, int router, String who) {
        Map<String, Integer> m = new HashMap<>();
        for (int p = 0; p < t.ports(router); p++) {
            Integer before = m.put(t.portLabel(router, p), p);
            if (before != null) {
                throw new IllegalArgumentException(who + ": router " + router + " has two ports labelled '"
                        + t.portLabel(router, p) + "' (" + before + " and " + p + "), so a table cannot name them;"
                        + " this topology cannot be given tables");
            }
        }
        return m;
    }

    private static String portList(Topology t, int router) {
        StringBuilder sb = new StringBuilder();
        int shown = 0;
        for (int p = 0; p < t.ports(router); p++) {
            if (t.neighbor(router, p) < 0 && t.terminal(router, p) < 0) {
                continue;
            }
            if (shown == 16) {
                sb.append(", ...");
                break;
            }
            sb.append(shown++ == 0 ? "" : ", ").append(t.portLabel(router, p));
        }
        return sb.length() == 0 ? "(none in use)" : sb.toString();
    }

    private static int number(String word, String at, String what, int count) {
        try {
            int v = Integer.parseInt(word);
            if (v >= 0 && v < count) {
                return v;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException(at + what + " '" + word + "' is not a " + what + " of the network (0 .. "
                + (count - 1) + "); " + FORMAT);
    }
}
