package org.fabrica.mapping.basic;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The placements of the built-in mappings (docs/traces.md, "Mapping"): an array giving the end node
 * of every rank of every copy, global rank {@code copy * ranks + rank}. No two ranks share a node.
 */
final class RankMapping {
    private RankMapping() {
    }

    /** Global rank g on node g: the copies side by side in node order. */
    static int[] linear(int ranks, int nodes) {
        check(ranks, nodes, "linear");
        int[] map = new int[ranks];
        for (int g = 0; g < ranks; g++) {
            map[g] = g;
        }
        return map;
    }

    /** The ranks on distinct nodes drawn at random (a seeded shuffle of all nodes, the first {@code ranks} taken). */
    static int[] random(int ranks, int nodes, long seed) {
        check(ranks, nodes, "random");
        int[] all = new int[nodes];
        for (int n = 0; n < nodes; n++) {
            all[n] = n;
        }
        SplittableRandom r = new SplittableRandom(seed);
        for (int i = nodes - 1; i > 0; i--) {
            int j = r.nextInt(i + 1);
            int x = all[i];
            all[i] = all[j];
            all[j] = x;
        }
        return Arrays.copyOf(all, ranks);
    }

    /**
     * A mapping read from a text file: one node per line, in global rank order; {@code #} starts a
     * comment; blank lines are skipped.
     *
     * @throws IllegalArgumentException naming the file and line of a bad entry, a node used twice,
     *         or a count that is not {@code ranks}
     */
    static int[] fromFile(Path file, int ranks, int nodes) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (java.nio.file.NoSuchFileException e) {
            throw new IllegalArgumentException("mapping file " + file + " does not exist (a relative name is read"
                    + " beside the experiment file); give a file with one end node per rank", e);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read mapping file " + file + ": "
                    + (Files.isDirectory(file) ? "it is a folder" : e.getMessage() == null || e.getMessage()
                            .equals(file.toString()) ? e.getClass().getSimpleName() : e.getMessage())
                    + "; give a file with one end node per rank", e);
        }
        int[] map = new int[ranks];
        int[] lineOf = new int[nodes];
        int count = 0;
        for (int i = 0; i < lines.size(); i++) {
            String text = lines.get(i);
            int hash = text.indexOf('#');
            text = (hash >= 0 ? text.substring(0, hash) : text).trim();
            if (text.isEmpty()) {
                continue;
            }
            String where = file + ":" + (i + 1) + ": ";
            int node;
            try {
                node = Integer.parseInt(text);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(where + "'" + text + "' is not a node number; write one node (0.."
                        + (nodes - 1) + ") per line", e);
            }
            if (node < 0 || node >= nodes) {
                throw new IllegalArgumentException(where + "node " + node + " is out of range; the topology has nodes 0.."
                        + (nodes - 1));
            }
            if (count >= ranks) {
                throw new IllegalArgumentException(where + "more than " + ranks + " entries; the replay has " + ranks
                        + " ranks (copies x ranks of the trace), one line each");
            }
            if (lineOf[node] > 0) {
                throw new IllegalArgumentException(where + "node " + node + " is already given to rank of line "
                        + lineOf[node] + "; every rank needs a node of its own");
            }
            lineOf[node] = i + 1;
            map[count++] = node;
        }
        if (count < ranks) {
            throw new IllegalArgumentException(file + ": " + count + " entries but the replay has " + ranks
                    + " ranks (copies x ranks of the trace); give one node per rank");
        }
        return map;
    }

    private static void check(int ranks, int nodes, String mapping) {
        if (ranks > nodes) {
            throw new IllegalArgumentException(mapping + " mapping of " + ranks + " ranks onto " + nodes
                    + " nodes: every rank needs a node of its own; use fewer copies or a larger topology");
        }
    }
}
