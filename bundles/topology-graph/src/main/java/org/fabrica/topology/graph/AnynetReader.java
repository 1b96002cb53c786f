package org.fabrica.topology.graph;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Reads BookSim2's anynet listing. Each line names a router or a node and what it connects to:
 * {@code router 0 node 0 node 1 router 1} connects router 0 to nodes 0 and 1 and to router 1. A
 * connection is both ways and is made once however often it is listed (router 1's line may omit
 * router 0). A number after a router entry is BookSim2's channel latency in cycles; it is read and
 * not used (link timing comes from the hardware model). Words are case-insensitive; {@code #}
 * starts a comment (an extension: BookSim2 has none).
 *
 * <p>Numbering: Fabrica's routers and end nodes are the file's ids, which must therefore be 0 ..
 * R-1 and 0 .. N-1 without gaps (as BookSim2 indexes them). Router r's ports are first its nodes in
 * increasing id (labels {@code n<id>}), then its neighbouring routers in increasing id (labels
 * {@code r<id>}).
 */
final class AnynetReader {
    /** Largest router or node id accepted. */
    static final int MAX_ID = 1 << 22;

    private AnynetReader() {
    }

    private static final String FORMAT = "each line is 'router <id>' or 'node <id>' followed by the routers and nodes"
            + " it connects to, e.g. 'router 0 node 0 node 1 router 1' (a router entry may be followed by its latency)";

    static FileGraph read(String file, List<String> lines) {
        TreeMap<Integer, TreeSet<Integer>> routerLinks = new TreeMap<>();
        TreeMap<Integer, TreeSet<Integer>> routerNodes = new TreeMap<>();
        Map<Integer, Integer> nodeRouter = new TreeMap<>();
        Map<Integer, Integer> nodeLine = new TreeMap<>();
        TreeMap<Integer, Integer> declaredNodes = new TreeMap<>(); // node id -> line, nodes named as a line's head
        for (int i = 0; i < lines.size(); i++) {
            int line = i + 1;
            String text = lines.get(i);
            int hash = text.indexOf('#');
            String[] words = (hash >= 0 ? text.substring(0, hash) : text).trim().split("\\s+");
            if (words.length == 1 && words[0].isEmpty()) {
                continue;
            }
            String at = file + " line " + line + ": ";
            boolean headRouter = kind(words[0], at);
            if (words.length < 2) {
                throw new IllegalArgumentException(at + "'" + words[0] + "' has no id; " + FORMAT);
            }
            int head = id(words[1], at);
            if (headRouter) {
                routerLinks.computeIfAbsent(head, x -> new TreeSet<>());
                routerNodes.computeIfAbsent(head, x -> new TreeSet<>());
            } else {
                declaredNodes.putIfAbsent(head, line);
            }
            int w = 2;
            boolean afterRouter = false;
            while (w < words.length) {
                String word = words[w];
                if (afterRouter && isNumber(word)) {
                    latency(word, at);
                    afterRouter = false;
                    w++;
                    continue;
                }
                boolean router = kind(word, at);
                if (w + 1 >= words.length) {
                    throw new IllegalArgumentException(at + "'" + word + "' at the end of the line has no id; " + FORMAT);
                }
                int id = id(words[w + 1], at);
                w += 2;
                afterRouter = router;
                if (headRouter && router) {
                    if (id == head) {
                        throw new IllegalArgumentException(at + "router " + head + " is connected to itself; remove"
                                + " 'router " + id + "' from its line");
                    }
                    routerLinks.get(head).add(id);
                    routerLinks.computeIfAbsent(id, x -> new TreeSet<>()).add(head);
                    routerNodes.computeIfAbsent(id, x -> new TreeSet<>());
                } else if (!headRouter && !router) {
                    throw new IllegalArgumentException(at + "node " + head + " is connected to node " + id + "; a node"
                            + " connects to one router, never to a node: write 'node " + head + " router <id>'");
                } else {
                    int r = headRouter ? head : id;
                    int n = headRouter ? id : head;
                    Integer before = nodeRouter.get(n);
                    if (before != null && before != r) {
                        throw new IllegalArgumentException(at + "node " + n + " is connected to router " + r
                                + " here and to router " + before + " on line " + nodeLine.get(n) + "; a node connects to"
                                + " exactly one router: remove one of them");
                    }
                    nodeRouter.put(n, r);
                    nodeLine.putIfAbsent(n, line);
                    routerNodes.computeIfAbsent(r, x -> new TreeSet<>()).add(n);
                    routerLinks.computeIfAbsent(r, x -> new TreeSet<>());
                }
            }
        }
        for (Map.Entry<Integer, Integer> d : declaredNodes.entrySet()) {
            if (!nodeRouter.containsKey(d.getKey())) {
                throw new IllegalArgumentException(file + " line " + d.getValue() + ": node " + d.getKey()
                        + " is connected to no router; every node needs one: add 'router <id>' to its line");
            }
        }
        dense("router", routerLinks.keySet(), file);
        dense("node", nodeRouter.keySet(), file);
        FabricBuilder b = new FabricBuilder(file, "anynet");
        for (int r : routerLinks.keySet()) {
            b.addRouter("router " + r, routerNodes.get(r).size() + routerLinks.get(r).size());
        }
        int[] nextNode = new int[nodeRouter.size()];
        for (int r : routerLinks.keySet()) {
            int p = 0;
            for (int n : routerNodes.get(r)) {
                b.label(r, p, "n" + n);
                nextNode[n] = p++;
            }
            for (int s : routerLinks.get(r)) {
                b.label(r, p, "r" + s);
                if (s > r) {
                    b.link(r, p, s, routerNodes.get(s).size() + routerLinks.get(s).headSet(r).size());
                }
                p++;
            }
        }
        for (Map.Entry<Integer, Integer> e : nodeRouter.entrySet()) {
            b.attach(e.getKey(), e.getValue(), nextNode[e.getKey()]);
        }
        return b.build("connect nodes to routers, e.g. 'router 0 node 0 node 1'",
                "link it to the others, e.g. a line 'router <id> router <id>', or remove it");
    }

    /** True for {@code router}, false for {@code node}. */
    private static boolean kind(String word, String at) {
        if (word.equalsIgnoreCase("router")) {
            return true;
        }
        if (word.equalsIgnoreCase("node")) {
            return false;
        }
        throw new IllegalArgumentException(at + "'" + word + "' is neither 'router' nor 'node'; " + FORMAT);
    }

    private static boolean isNumber(String word) {
        return !word.isEmpty() && word.chars().allMatch(c -> c >= '0' && c <= '9' || c == '-' || c == '+');
    }

    private static int id(String word, String at) {
        try {
            int id = Integer.parseInt(word);
            if (id >= 0 && id <= MAX_ID) {
                return id;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException(at + "'" + word + "' is not an id; ids are integers 0 .. " + MAX_ID
                + "; " + FORMAT);
    }

    private static void latency(String word, String at) {
        try {
            if (Integer.parseInt(word) >= 1) {
                return;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException(at + "latency '" + word + "' is not a number of cycles >= 1");
    }

    private static void dense(String what, java.util.Set<Integer> ids, String file) {
        int expected = 0;
        for (int id : ids) {
            if (id != expected) {
                throw new IllegalArgumentException(file + ": " + what + " ids must be 0 .. " + (ids.size() - 1)
                        + " without gaps (Fabrica and BookSim2 number " + what + "s by them), but " + what + " "
                        + expected + " is missing (the next id is " + id + "); renumber the " + what + "s");
            }
            expected++;
        }
    }
}
