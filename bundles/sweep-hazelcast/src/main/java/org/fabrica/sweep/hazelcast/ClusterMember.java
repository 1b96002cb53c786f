package org.fabrica.sweep.hazelcast;

import com.hazelcast.cluster.MembershipEvent;
import com.hazelcast.cluster.MembershipListener;
import com.hazelcast.core.Hazelcast;
import com.hazelcast.core.HazelcastInstance;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import org.fabrica.sweep.ShippedPointRunner;
import org.fabrica.sweep.SweepMember;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;

/**
 * The member side: joins the cluster as a full member whose executor runs shipped points through
 * this launcher's {@link ShippedPointRunner} (docs/user-guide.md, "Cluster"). Settings: the keys
 * of {@link ClusterSettings}, plus {@code config} naming a properties file they override.
 */
@Component(service = SweepMember.class, property = "fabrica.name=cluster")
public final class ClusterMember implements SweepMember {
    private final ShippedPointRunner runner;
    private final Set<HazelcastInstance> joined = ConcurrentHashMap.newKeySet();

    @Activate
    public ClusterMember(@Reference ShippedPointRunner runner) {
        this.runner = runner;
    }

    /** The bundle stops (the launcher is stopping): leave the cluster. */
    @Deactivate
    void deactivate() {
        for (HazelcastInstance hz : joined) {
            hz.getLifecycleService().terminate();
        }
        joined.clear();
    }

    @Override
    public AutoCloseable join(Map<String, String> values, Consumer<String> log) {
        ClusterSettings s = ClusterSettings.of(values);
        HazelcastInstance hz;
        try {
            hz = Hazelcast.newHazelcastInstance(ClusterConfig.of(s, false,
                    Map.of(ClusterConfig.RUNNER, runner, ClusterConfig.LOG, log)));
        } catch (RuntimeException e) {
            throw new IllegalStateException("cannot join " + s.where() + " on " + s.bind() + " from port " + s.port()
                    + ": " + e.getMessage(), e);
        }
        hz.getCluster().addMembershipListener(new MembershipListener() {
            @Override
            public void memberAdded(MembershipEvent e) {
                log.accept((e.getMember().isLiteMember() ? "submitter " : "member ") + e.getMember().getAddress()
                        + " joined");
            }

            @Override
            public void memberRemoved(MembershipEvent e) {
                log.accept((e.getMember().isLiteMember() ? "submitter " : "member ") + e.getMember().getAddress()
                        + " left");
            }
        });
        log.accept("member " + hz.getCluster().getLocalMember().getAddress() + " of " + s.where() + ", "
                + s.threads() + " point(s) at once; " + hz.getCluster().getMembers().size() + " member(s) now");
        joined.add(hz);
        return () -> {
            joined.remove(hz);
            hz.getLifecycleService().terminate();
        };
    }
}
