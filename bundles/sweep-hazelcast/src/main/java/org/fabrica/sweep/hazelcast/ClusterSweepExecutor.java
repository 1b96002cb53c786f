package org.fabrica.sweep.hazelcast;

import com.hazelcast.cluster.Member;
import com.hazelcast.cluster.MembershipEvent;
import com.hazelcast.cluster.MembershipListener;
import com.hazelcast.core.ExecutionCallback;
import com.hazelcast.core.Hazelcast;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.core.IExecutorService;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import org.fabrica.sweep.PointResult;
import org.fabrica.sweep.PointRunner;
import org.fabrica.sweep.PortablePointRunner;
import org.fabrica.sweep.ShippedExperiment;
import org.fabrica.sweep.ShippedResult;
import org.fabrica.sweep.SweepExecutor;
import org.fabrica.sweep.SweepListener;
import org.fabrica.sweep.SweepPoint;
import org.osgi.service.component.annotations.Component;

/**
 * Runs a sweep's points on the members of a Hazelcast cluster (docs/user-guide.md, "Cluster").
 * This launcher joins as a lite member (it runs no point), checks that every member runs its
 * bundles in the same versions, then pulls: each member holds at most its thread count plus one
 * point, and gets the next one in sweep order when one comes back. A member that leaves (killed,
 * partitioned) gives its points back to the front of the queue; a result that arrives twice counts
 * once. Results reach the listener on the calling thread, one at a time; the runner alone writes
 * the journal. The cluster is read from the properties file named by the system property
 * {@value #CONFIG_PROPERTY} ({@code fabrica run --cluster FILE} sets it).
 */
@Component(service = SweepExecutor.class, property = {
        "fabrica.name=cluster",
        "fabrica.description=Runs the points of a sweep on the members of a Hazelcast cluster (fabrica member; "
                + "fabrica run --cluster FILE)"})
public final class ClusterSweepExecutor implements SweepExecutor {
    /** System property naming the cluster configuration file of a submitting launcher. */
    public static final String CONFIG_PROPERTY = "fabrica.cluster.config";
    /** Times a point is sent out before its transport failures make it a failed point. */
    static final int MAX_ATTEMPTS = 4;
    private static final long REPORT_NANOS = 5_000_000_000L;
    private static final long VERSION_CHECK_SECONDS = 60;

    private final Consumer<String> log;

    public ClusterSweepExecutor() {
        this(line -> System.err.println("cluster: " + line));
    }

    ClusterSweepExecutor(Consumer<String> log) {
        this.log = log;
        ClusterConfig.quiet();
    }

    private sealed interface Event permits Done, Left {
    }

    private record Done(String member, SweepPoint point, byte[] bytes, Throwable failure) implements Event {
    }

    private record Left(String member) implements Event {
    }

    @Override
    public void execute(List<SweepPoint> points, PointRunner runner, int parallelism, SweepListener listener)
            throws InterruptedException {
        try {
            run(points, runner, listener);
        } catch (IllegalStateException | IllegalArgumentException e) {
            // the run records it too (run.json), but a user at a terminal should read it at once
            log.accept("refused: " + e.getMessage());
            throw e;
        }
    }

    /** The cluster configuration must be given (--cluster FILE) and readable, with valid keys, before a run starts. */
    @Override
    public void check() {
        String file = System.getProperty(CONFIG_PROPERTY);
        if (file == null || file.isBlank()) {
            throw new IllegalArgumentException("executor 'cluster' needs a cluster configuration: run with --cluster FILE "
                    + "(docs/user-guide.md, \"Cluster\")");
        }
        ClusterSettings.of(Map.of(ClusterSettings.CONFIG, file));
    }

    private void run(List<SweepPoint> points, PointRunner runner, SweepListener listener) throws InterruptedException {
        if (!(runner instanceof PortablePointRunner portable)) {
            throw new IllegalStateException("the cluster executor ships points to other launchers and needs a runner "
                    + "that describes them as data (org.fabrica.sweep.PortablePointRunner)");
        }
        String file = System.getProperty(CONFIG_PROPERTY);
        if (file == null || file.isBlank()) {
            throw new IllegalStateException("executor 'cluster' needs a cluster configuration: run with --cluster FILE "
                    + "(docs/user-guide.md, \"Cluster\")");
        }
        if (points.isEmpty()) {
            return;
        }
        ClusterSettings settings = ClusterSettings.of(Map.of(ClusterSettings.CONFIG, file));
        ShippedExperiment experiment = portable.experiment();
        BlockingQueue<Event> events = new LinkedBlockingQueue<>();
        HazelcastInstance hz;
        long joining = System.nanoTime();
        try {
            hz = Hazelcast.newHazelcastInstance(ClusterConfig.of(settings, true, Map.of()));
        } catch (RuntimeException e) {
            throw new IllegalStateException("cannot join " + settings.where() + " from " + settings.bind() + ": "
                    + e.getMessage(), e);
        }
        try {
            hz.getCluster().addMembershipListener(new MembershipListener() {
                @Override
                public void memberAdded(MembershipEvent e) {
                    log.accept("member " + e.getMember().getAddress() + " joined");
                }

                @Override
                public void memberRemoved(MembershipEvent e) {
                    events.add(new Left(e.getMember().getUuid().toString()));
                }
            });
            List<Member> first = awaitMembers(hz, settings);
            checkVersions(hz, first);
            log.accept(first.size() + " member(s) run the same bundles as this launcher: " + addresses(first)
                    + " (joined and checked in " + (System.nanoTime() - joining) / 1_000_000 + " ms)");
            dispatch(hz, points, experiment, portable, listener, events);
        } finally {
            hz.shutdown(); // a lite member holds no data: it leaves at once
        }
    }

    /** Waits up to the join time for a member that runs points; fails naming where it looked. */
    private List<Member> awaitMembers(HazelcastInstance hz, ClusterSettings s) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(s.joinSeconds());
        while (true) {
            List<Member> m = workers(hz);
            if (!m.isEmpty()) {
                return m;
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("no member of " + s.where() + " answered within " + s.joinSeconds()
                        + " s: start members with ./fabrica member (same cluster.name and members), check the "
                        + "addresses and that the ports are reachable");
            }
            Thread.sleep(200);
        }
    }

    /** Refuses the sweep when a member lacks one of this launcher's bundles or runs another version of it. */
    private void checkVersions(HazelcastInstance hz, List<Member> members) throws InterruptedException {
        Map<String, String> ours = BundleVersions.local();
        IExecutorService ex = hz.getExecutorService(ClusterConfig.EXECUTOR);
        Map<Member, Future<String>> answers = new LinkedHashMap<>();
        for (Member m : members) {
            answers.put(m, ex.submitToMember(new BundleVersions(), m));
        }
        for (Map.Entry<Member, Future<String>> a : answers.entrySet()) {
            String theirs;
            try {
                theirs = a.getValue().get(VERSION_CHECK_SECONDS, TimeUnit.SECONDS);
            } catch (ExecutionException | TimeoutException e) {
                throw new IllegalStateException("member " + a.getKey().getAddress() + " did not tell its bundle versions: "
                        + (e.getCause() == null ? e : e.getCause()), e);
            }
            String diff = BundleVersions.difference(a.getKey().getAddress().toString(), ours,
                    BundleVersions.decode(theirs));
            if (diff != null) {
                throw new IllegalStateException(diff);
            }
        }
    }

    private void dispatch(HazelcastInstance hz, List<SweepPoint> points, ShippedExperiment experiment,
            PortablePointRunner runner, SweepListener listener, BlockingQueue<Event> events) throws InterruptedException {
        IExecutorService ex = hz.getExecutorService(ClusterConfig.EXECUTOR);
        PointDispatch d = new PointDispatch(points);
        Map<String, String> names = new LinkedHashMap<>(); // member uuid -> address
        Map<String, Integer> doneBy = new LinkedHashMap<>();
        long lastReport = System.nanoTime();
        long alone = 0;
        while (!d.complete()) {
            if (runner.stopRequested()) {
                // what members are running is dropped with this lite member; --resume runs it again
                log.accept("stopped: " + (points.size() - d.doneCount()) + " point(s) without a result");
                return;
            }
            List<Member> members = workers(hz);
            for (Member m : members) {
                String id = m.getUuid().toString();
                names.putIfAbsent(id, m.getAddress().toString());
                SweepPoint p;
                while ((p = d.next(id, slots(m))) != null) {
                    SweepPoint sent = p;
                    ex.submitToMember(new PointTask(experiment, sent), m, new ExecutionCallback<byte[]>() {
                        @Override
                        public void onResponse(byte[] response) {
                            events.add(new Done(id, sent, response, null));
                        }

                        @Override
                        public void onFailure(Throwable t) {
                            events.add(new Done(id, sent, null, t));
                        }
                    });
                }
            }
            if (members.isEmpty()) {
                if (alone == 0) {
                    alone = System.nanoTime();
                    log.accept("no member left; waiting for one to join");
                }
            } else {
                alone = 0;
            }
            Event e = events.poll(500, TimeUnit.MILLISECONDS);
            while (e != null) {
                handle(e, d, runner, listener, names, doneBy);
                e = events.poll();
            }
            if (System.nanoTime() - lastReport > REPORT_NANOS || d.complete()) {
                lastReport = System.nanoTime();
                log.accept(progress(d, points.size(), names, doneBy));
            }
        }
    }

    private void handle(Event e, PointDispatch d, PortablePointRunner runner, SweepListener listener,
            Map<String, String> names, Map<String, Integer> doneBy) {
        if (e instanceof Left left) {
            List<SweepPoint> back = d.lost(left.member());
            log.accept("member " + names.getOrDefault(left.member(), left.member()) + " left"
                    + (back.isEmpty() ? "" : "; " + back.size() + " of its points go back to the queue"));
            return;
        }
        Done done = (Done) e;
        String who = names.getOrDefault(done.member(), done.member());
        if (done.failure() != null) {
            boolean held = d.holds(done.member(), done.point().pointId());
            if (d.retry(done.member(), done.point(), MAX_ATTEMPTS)) {
                if (held) {
                    log.accept("point " + done.point().pointId() + " on member " + who + " came back without a result ("
                            + done.failure().getClass().getSimpleName() + "); it goes back to the queue");
                }
            } else {
                if (d.give(done.point().pointId())) {
                    listener.finished(new PointResult(done.point(), List.of(), new LinkedHashMap<>(), "sent to members "
                            + MAX_ATTEMPTS + " times without an answer; the last, from " + who + ": "
                            + done.failure(), 0));
                }
            }
            return;
        }
        ShippedResult shipped;
        try {
            shipped = ResultCodec.decode(done.bytes());
        } catch (IllegalArgumentException bad) {
            if (d.give(done.point().pointId())) {
                listener.finished(new PointResult(done.point(), List.of(), new LinkedHashMap<>(), "member " + who
                        + " answered with " + bad.getMessage(), 0));
            }
            return;
        }
        if (!shipped.result().point().pointId().equals(done.point().pointId())) {
            throw new IllegalStateException("member " + who + " answered point " + done.point().pointId()
                    + " with a result of " + shipped.result().point().pointId());
        }
        if (d.finished(done.member(), done.point().pointId())) {
            doneBy.merge(done.member(), 1, Integer::sum);
            // the runner's point: the submitter's SweepPoint (same id, index), the member's measurements
            PointResult r = runner.accept(shipped);
            listener.finished(new PointResult(done.point(), r.metrics(), r.notes(), r.failure(), r.wallMillis()));
        }
    }

    private static String progress(PointDispatch d, int total, Map<String, String> names, Map<String, Integer> doneBy) {
        StringBuilder sb = new StringBuilder();
        sb.append(d.doneCount()).append('/').append(total).append(" points");
        for (Map.Entry<String, String> n : names.entrySet()) {
            sb.append("; ").append(n.getValue()).append(' ').append(doneBy.getOrDefault(n.getKey(), 0)).append(" done");
            int running = d.holding(n.getKey());
            if (running > 0) {
                sb.append(", ").append(running).append(" running");
            }
        }
        return sb.toString();
    }

    /** Members that run points (not lite members such as submitters). */
    private static List<Member> workers(HazelcastInstance hz) {
        List<Member> m = new ArrayList<>();
        for (Member x : hz.getCluster().getMembers()) {
            if (!x.isLiteMember()) {
                m.add(x);
            }
        }
        return m;
    }

    /** Points a member holds at once: its threads plus one waiting, so it never idles for a round trip. */
    static int slots(Member m) {
        String t = m.getAttribute(ClusterConfig.THREADS_ATTRIBUTE);
        try {
            return Math.max(1, Integer.parseInt(t)) + 1;
        } catch (NumberFormatException e) {
            return 2;
        }
    }

    private static String addresses(List<Member> members) {
        List<String> a = new ArrayList<>();
        for (Member m : members) {
            a.add(m.getAddress().toString());
        }
        return String.join(", ", a);
    }
}
