package org.fabrica.testing;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.LongUnaryOperator;
import java.util.function.ToLongFunction;

/**
 * A directed graph over channels named by {@code long} ids, for channel-dependency checks of
 * routing algorithms (Dally and Seitz: a routing function is deadlock-free when the graph in which a
 * channel depends on the next channel a packet holding it requests is acyclic). The test chooses
 * what a channel is (a link, a link and VC class, ...) by the id function it gives
 * {@link #addPath}. {@link #merged} and {@link #restricted} give derived graphs, e.g. all VC
 * classes of a link merged into one channel (a negative control that must find the ring cycles of
 * a torus) or the subgraph of one class.
 */
public final class DependencyGraph {
    /** Successors of every channel, in insertion order (the cycle found is reproducible). */
    private final Map<Long, Set<Long>> successors = new LinkedHashMap<>();
    private int edges;

    /** A dependency: a packet holding channel {@code from} requests channel {@code to}. */
    public void add(long from, long to) {
        if (successors.computeIfAbsent(from, x -> new LinkedHashSet<>()).add(to)) {
            edges++;
        }
        successors.computeIfAbsent(to, x -> new LinkedHashSet<>());
    }

    /** The dependencies of a path: every hop on the next, channels named by {@code channel}. */
    public void addPath(List<Hop> hops, ToLongFunction<Hop> channel) {
        for (int i = 0; i + 1 < hops.size(); i++) {
            add(channel.applyAsLong(hops.get(i)), channel.applyAsLong(hops.get(i + 1)));
        }
    }

    /** Channels (vertices) of the graph. */
    public int channels() {
        return successors.size();
    }

    /** Distinct dependencies (edges) of the graph. */
    public int dependencies() {
        return edges;
    }

    /** The graph with every channel c renamed {@code rename(c)}: channels with the same new name merge. */
    public DependencyGraph merged(LongUnaryOperator rename) {
        DependencyGraph g = new DependencyGraph();
        for (Map.Entry<Long, Set<Long>> e : successors.entrySet()) {
            long from = rename.applyAsLong(e.getKey());
            g.successors.computeIfAbsent(from, x -> new LinkedHashSet<>());
            for (long to : e.getValue()) {
                g.add(from, rename.applyAsLong(to));
            }
        }
        return g;
    }

    /** Which dependencies {@link #restricted} keeps. */
    @FunctionalInterface
    public interface EdgeFilter {
        boolean keep(long from, long to);
    }

    /** The graph with only the dependencies {@code filter} keeps (every channel stays). */
    public DependencyGraph restricted(EdgeFilter filter) {
        DependencyGraph g = new DependencyGraph();
        for (Map.Entry<Long, Set<Long>> e : successors.entrySet()) {
            long from = e.getKey();
            g.successors.computeIfAbsent(from, x -> new LinkedHashSet<>());
            for (long to : e.getValue()) {
                if (filter.keep(from, to)) {
                    g.add(from, to);
                }
            }
        }
        return g;
    }

    /** True when some channel depends, through a chain of dependencies, on itself. */
    public boolean hasCycle() {
        return !cycle().isEmpty();
    }

    /**
     * A cycle of dependencies as the list of its channels (the first one depends on the second, ...,
     * the last on the first), or an empty list when the graph is acyclic. Iterative depth-first
     * search, so large graphs cannot overflow the stack.
     */
    public List<Long> cycle() {
        Map<Long, Integer> colour = new LinkedHashMap<>(); // absent: unvisited, 1: on the path, 2: done
        for (long root : successors.keySet()) {
            if (colour.containsKey(root)) {
                continue;
            }
            List<Long> path = new ArrayList<>();
            List<long[]> pending = new ArrayList<>(); // per path entry: its successors, next index in [last]
            enter(root, path, pending, colour);
            while (!path.isEmpty()) {
                int top = path.size() - 1;
                long[] next = pending.get(top);
                int index = (int) next[next.length - 1];
                if (index == next.length - 1) {
                    colour.put(path.get(top), 2);
                    path.remove(top);
                    pending.remove(top);
                    continue;
                }
                next[next.length - 1] = index + 1;
                long w = next[index];
                Integer c = colour.get(w);
                if (c == null) {
                    enter(w, path, pending, colour);
                } else if (c == 1) {
                    return Collections.unmodifiableList(new ArrayList<>(path.subList(path.indexOf(w), path.size())));
                }
            }
        }
        return List.of();
    }

    private void enter(long v, List<Long> path, List<long[]> pending, Map<Long, Integer> colour) {
        colour.put(v, 1);
        path.add(v);
        Set<Long> out = successors.get(v);
        long[] next = new long[out.size() + 1];
        int i = 0;
        for (long w : out) {
            next[i++] = w;
        }
        pending.add(next);
    }
}
