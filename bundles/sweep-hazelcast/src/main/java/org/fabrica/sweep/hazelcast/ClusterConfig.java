package org.fabrica.sweep.hazelcast;

import com.hazelcast.config.Config;
import com.hazelcast.config.JoinConfig;
import com.hazelcast.config.NetworkConfig;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The Hazelcast configuration of a Fabrica launcher in a cluster (docs/architecture.md, section 10,
 * "Cluster"): the class loader that sees this bundle (tasks are this bundle's classes), phone-home
 * off, the bind address and TCP/IP member list or multicast, and failure detection in seconds
 * rather than Hazelcast's minute (a member killed with kill -9 must give its points back soon).
 */
final class ClusterConfig {
    /** The executor members run points on. */
    static final String EXECUTOR = "fabrica-points";
    /** Member attribute: points the member runs at once. */
    static final String THREADS_ATTRIBUTE = "fabrica.threads";
    /** User-context key of the member's {@link org.fabrica.sweep.ShippedPointRunner}. */
    static final String RUNNER = "fabrica.pointRunner";
    /** User-context key of the member's log ({@code Consumer<String>}). */
    static final String LOG = "fabrica.log";
    /** Ports tried from the configured one on (several members on one machine share a file). */
    static final int PORT_COUNT = 100;

    private static final java.util.concurrent.atomic.AtomicInteger INSTANCES = new java.util.concurrent.atomic.AtomicInteger();
    // kept: java.util.logging holds loggers weakly, and a collected one forgets its level
    private static final Logger HAZELCAST_LOG = Logger.getLogger("com.hazelcast");

    private ClusterConfig() {
    }

    /** Hazelcast's INFO lines (joins, partitions, its OSGi service coming and going) are not for a user's terminal. */
    static void quiet() {
        HAZELCAST_LOG.setLevel(Level.WARNING);
    }

    static Config of(ClusterSettings s, boolean lite, Map<String, Object> userContext) {
        quiet();
        Config c = new Config();
        c.setClusterName(s.clusterName());
        c.setInstanceName("fabrica-" + (lite ? "submitter" : "member") + "-" + ProcessHandle.current().pid() + "-"
                + INSTANCES.incrementAndGet()); // names are unique per JVM, which may join more than once
        c.setClassLoader(ClusterConfig.class.getClassLoader());
        c.setLiteMember(lite);
        c.setProperty("hazelcast.phone.home.enabled", "false");
        c.setProperty("hazelcast.logging.type", "jdk");
        c.setProperty("hazelcast.socket.bind.any", "false");
        c.setProperty("hazelcast.heartbeat.interval.seconds", "1");
        c.setProperty("hazelcast.max.no.heartbeat.seconds", "10");
        c.setProperty("hazelcast.wait.seconds.before.join", "1");
        c.setProperty("hazelcast.max.wait.seconds.before.join", "3");
        c.setProperty("hazelcast.shutdownhook.enabled", "false"); // the launcher stops the framework, and us with it
        NetworkConfig n = c.getNetworkConfig();
        n.setPort(s.port()).setPortAutoIncrement(true).setPortCount(PORT_COUNT);
        n.getInterfaces().setEnabled(true).addInterface(s.bind());
        n.setPublicAddress(null);
        JoinConfig j = n.getJoin();
        j.getAutoDetectionConfig().setEnabled(false);
        j.getMulticastConfig().setEnabled(s.members().isEmpty());
        j.getTcpIpConfig().setEnabled(!s.members().isEmpty());
        for (String m : s.members()) {
            j.getTcpIpConfig().addMember(m);
        }
        c.getMemberAttributeConfig().setAttribute(THREADS_ATTRIBUTE, Integer.toString(lite ? 0 : s.threads()));
        c.getExecutorConfig(EXECUTOR).setPoolSize(Math.max(1, s.threads())).setStatisticsEnabled(false);
        c.setUserContext(new ConcurrentHashMap<>(userContext));
        return c;
    }
}
