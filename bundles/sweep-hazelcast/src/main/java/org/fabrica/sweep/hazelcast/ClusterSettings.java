package org.fabrica.sweep.hazelcast;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * Where a cluster is and how to join it: a properties file (docs/user-guide.md, "Cluster"),
 * overridden key by key by command-line flags.
 *
 * <pre>
 * cluster.name = fabrica                          # members of one cluster share it (default fabrica)
 * bind = 127.0.0.1                                # address to listen on (default 127.0.0.1)
 * port = 5701                                     # first port tried; the next 99 are tried too (default 5701)
 * members = 127.0.0.1:5701, 127.0.0.1:5702        # TCP/IP member list; empty = multicast discovery
 * threads = 2                                     # member: points run at once (default: one per core)
 * join.seconds = 30                               # submitter: how long to wait for a first member (default 30)
 * </pre>
 *
 * @param clusterName cluster name
 * @param bind address to bind to
 * @param port first port
 * @param members TCP/IP member list (host:port), empty for multicast
 * @param threads points a member runs at once
 * @param joinSeconds how long a submitter waits for a member
 */
record ClusterSettings(String clusterName, String bind, int port, List<String> members, int threads, int joinSeconds) {
    /** Setting key of the configuration file itself (the flags of {@code fabrica member --config}). */
    static final String CONFIG = "config";
    static final String CLUSTER_NAME = "cluster.name";
    static final String BIND = "bind";
    static final String PORT = "port";
    static final String MEMBERS = "members";
    static final String THREADS = "threads";
    static final String JOIN_SECONDS = "join.seconds";
    static final List<String> KEYS = List.of(CLUSTER_NAME, BIND, PORT, MEMBERS, THREADS, JOIN_SECONDS);

    /**
     * The settings of a file (if {@code values} names one under {@link #CONFIG}) with {@code values}
     * over it; blank values are not given.
     *
     * @throws IllegalArgumentException naming the file, the key and what is wrong
     */
    static ClusterSettings of(Map<String, String> values) {
        Map<String, String> all = new LinkedHashMap<>();
        String file = values.get(CONFIG);
        String where = "cluster setting";
        if (file != null && !file.isBlank()) {
            all.putAll(read(Path.of(file)));
            where = file + ":";
        }
        for (Map.Entry<String, String> e : values.entrySet()) {
            if (!e.getKey().equals(CONFIG) && e.getValue() != null && !e.getValue().isBlank()) {
                all.put(e.getKey(), e.getValue().strip());
            }
        }
        for (String k : all.keySet()) {
            if (!KEYS.contains(k)) {
                throw new IllegalArgumentException(where + " unknown key '" + k + "'; the keys are " + String.join(", ", KEYS));
            }
        }
        String name = all.getOrDefault(CLUSTER_NAME, "fabrica");
        if (!name.matches("[A-Za-z0-9._-]+")) {
            throw new IllegalArgumentException(where + " " + CLUSTER_NAME + " '" + name
                    + "': use letters, digits, '.', '_' and '-'");
        }
        String bind = all.getOrDefault(BIND, "127.0.0.1");
        int port = number(where, PORT, all.getOrDefault(PORT, "5701"), 1, 65_535);
        List<String> members = new ArrayList<>();
        for (String m : all.getOrDefault(MEMBERS, "").split(",")) {
            String s = m.strip();
            if (s.isEmpty()) {
                continue;
            }
            int colon = s.lastIndexOf(':');
            if (colon <= 0) {
                throw new IllegalArgumentException(where + " " + MEMBERS + " entry '" + s + "' is not host:port");
            }
            number(where, MEMBERS + " entry '" + s + "' port", s.substring(colon + 1), 1, 65_535);
            members.add(s);
        }
        int threads = number(where, THREADS, all.getOrDefault(THREADS,
                Integer.toString(Runtime.getRuntime().availableProcessors())), 1, 4096);
        int join = number(where, JOIN_SECONDS, all.getOrDefault(JOIN_SECONDS, "30"), 1, 86_400);
        return new ClusterSettings(name, bind, port, List.copyOf(members), threads, join);
    }

    /** The members as the user wrote them, or "multicast discovery", for messages. */
    String where() {
        return members.isEmpty() ? "cluster '" + clusterName + "' (multicast discovery)"
                : "cluster '" + clusterName + "' at " + String.join(", ", members);
    }

    private static Map<String, String> read(Path file) {
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException("cluster configuration " + file + " does not exist or is not a file");
        }
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            p.load(r);
        } catch (IOException | IllegalArgumentException e) {
            throw new IllegalArgumentException("cluster configuration " + file + " cannot be read as a properties file: "
                    + e.getMessage(), e);
        }
        Map<String, String> m = new LinkedHashMap<>();
        for (String k : p.stringPropertyNames()) {
            m.put(k, stripComment(p.getProperty(k)));
        }
        return m;
    }

    /** A value's trailing {@code # comment} (properties files only know whole-line comments). */
    private static String stripComment(String v) {
        int hash = v.indexOf(" #");
        return (hash >= 0 ? v.substring(0, hash) : v).strip();
    }

    private static int number(String where, String key, String text, int min, int max) {
        int v;
        try {
            v = Integer.parseInt(text.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(where + " " + key + " '" + text + "' is not a whole number");
        }
        if (v < min || v > max) {
            throw new IllegalArgumentException(where + " " + key + " " + v + " is out of range [" + min + ", " + max + "]");
        }
        return v;
    }
}
