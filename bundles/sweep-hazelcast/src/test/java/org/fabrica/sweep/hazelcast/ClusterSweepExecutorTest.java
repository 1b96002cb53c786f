package org.fabrica.sweep.hazelcast;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.fabrica.stats.Metric;
import org.fabrica.sweep.PointResult;
import org.fabrica.sweep.PortablePointRunner;
import org.fabrica.sweep.ShippedExperiment;
import org.fabrica.sweep.ShippedPointRunner;
import org.fabrica.sweep.ShippedResult;
import org.fabrica.sweep.SweepPoint;
import org.fabrica.testing.LoopbackPorts;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The executor against real Hazelcast members in this JVM (outside OSGi: no bundles to compare),
 * with a stand-in for the experiment runner: every point is reported once with its member's
 * answer, a member that leaves mid-sweep gives its points back, a member that joins mid-sweep takes
 * points, and a stop ends the dispatch.
 */
class ClusterSweepExecutorTest {
    @TempDir
    Path tmp;

    private final List<AutoCloseable> members = new ArrayList<>();
    private final Map<String, AtomicInteger> runs = new ConcurrentHashMap<>();
    private final List<String> log = Collections.synchronizedList(new ArrayList<>());

    @AfterEach
    void leave() throws Exception {
        for (AutoCloseable m : members) {
            m.close();
        }
        System.clearProperty(ClusterSweepExecutor.CONFIG_PROPERTY);
    }

    /** A member's runner: the point's index times two as its one metric, after a short simulation. */
    private final ShippedPointRunner memberRunner = (experiment, point) -> {
        runs.computeIfAbsent(point.pointId(), k -> new AtomicInteger()).incrementAndGet();
        try {
            Thread.sleep(40);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        Map<String, String> notes = new LinkedHashMap<>();
        notes.put("text", experiment.text());
        return new ShippedResult(new PointResult(point, List.of(new Metric("twice", point.index() * 2.0, "", "")), notes,
                null, 40), Map.of());
    };

    private static final class Submitter implements PortablePointRunner {
        final AtomicBoolean stop = new AtomicBoolean();

        @Override
        public PointResult run(SweepPoint point) {
            throw new AssertionError("a cluster sweep runs no point on the submitter");
        }

        @Override
        public boolean stopRequested() {
            return stop.get();
        }

        @Override
        public ShippedExperiment experiment() {
            return new ShippedExperiment("e1", "the resolved text");
        }

        @Override
        public PointResult accept(ShippedResult shipped) {
            return shipped.result();
        }
    }

    private int cluster(int n) throws IOException {
        int base = LoopbackPorts.freeBase(n + 1);
        String list = "";
        for (int i = 0; i < n; i++) {
            list += (i > 0 ? "," : "") + "127.0.0.1:" + (base + i);
        }
        String name = "unit-" + ProcessHandle.current().pid() + "-" + base;
        for (int i = 0; i < n; i++) {
            members.add(new ClusterMember(memberRunner).join(Map.of("cluster.name", name, "port",
                    Integer.toString(base + i), "members", list, "threads", "1"), line -> { }));
        }
        Path config = Files.writeString(tmp.resolve("c.properties"), "cluster.name = " + name + "\nport = "
                + (base + n) + "\nmembers = " + list + "\njoin.seconds = 60\n");
        System.setProperty(ClusterSweepExecutor.CONFIG_PROPERTY, config.toString());
        return base;
    }

    private static List<SweepPoint> points(int n) {
        List<SweepPoint> l = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            l.add(new SweepPoint("e1", "p" + i, i));
        }
        return l;
    }

    @Test
    void everyPointIsReportedOnceAndAMemberLeavingMidSweepGivesItsPointsBack() throws Exception {
        cluster(2);
        List<PointResult> results = Collections.synchronizedList(new ArrayList<>());
        AtomicBoolean closed = new AtomicBoolean();
        new ClusterSweepExecutor(log::add).execute(points(30), new Submitter(), 0, r -> {
            results.add(r);
            if (results.size() == 6 && closed.compareAndSet(false, true)) {
                try {
                    members.get(1).close(); // the second member goes away holding points
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            }
        });
        assertEquals(30, results.size(), String.join("\n", log));
        assertEquals(30, new HashSet<>(results.stream().map(r -> r.point().pointId()).toList()).size(),
                "no point reported twice");
        for (PointResult r : results) {
            assertEquals(r.point().index() * 2.0, r.metrics().get(0).value(), r.point().pointId());
            assertEquals("the resolved text", r.notes().get("text"), "the experiment went with the point");
        }
        String all = String.join("\n", log);
        assertTrue(all.contains("left") || all.contains("back to the queue"), all);
        assertTrue(all.contains("30/30 points"), all);
    }

    @Test
    void aMemberThatJoinsLateStartsTakingPoints() throws Exception {
        int base = LoopbackPorts.freeBase(3);
        String list = "127.0.0.1:" + base + ",127.0.0.1:" + (base + 1);
        String name = "late-" + ProcessHandle.current().pid() + "-" + base;
        members.add(new ClusterMember(memberRunner).join(Map.of("cluster.name", name, "port", Integer.toString(base),
                "members", list, "threads", "1"), line -> { }));
        Path config = Files.writeString(tmp.resolve("late.properties"), "cluster.name = " + name + "\nport = "
                + (base + 2) + "\nmembers = " + list + "\njoin.seconds = 60\n");
        System.setProperty(ClusterSweepExecutor.CONFIG_PROPERTY, config.toString());
        java.util.Set<String> late = java.util.concurrent.ConcurrentHashMap.newKeySet();
        ShippedPointRunner lateRunner = (experiment, point) -> {
            late.add(point.pointId());
            return memberRunner.run(experiment, point);
        };
        List<PointResult> results = Collections.synchronizedList(new ArrayList<>());
        AtomicBoolean joined = new AtomicBoolean();
        // one member takes 40 ms a point: 150 points leave it busy for 6 s, time for a second one to join
        new ClusterSweepExecutor(log::add).execute(points(150), new Submitter(), 0, r -> {
            results.add(r);
            if (results.size() == 3 && joined.compareAndSet(false, true)) {
                try {
                    members.add(new ClusterMember(lateRunner).join(Map.of("cluster.name", name, "port",
                            Integer.toString(base + 1), "members", list, "threads", "1"), line -> { }));
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            }
        });
        assertEquals(150, results.size(), String.join("\n", log));
        assertEquals(150, new HashSet<>(results.stream().map(r -> r.point().pointId()).toList()).size(),
                "no point reported twice");
        assertTrue(!late.isEmpty(), "the member that joined after the start ran no point:\n" + String.join("\n", log));
    }

    @Test
    void aStoppedRunSendsNoMorePoints() throws Exception {
        cluster(1);
        Submitter submitter = new Submitter();
        List<PointResult> results = Collections.synchronizedList(new ArrayList<>());
        new ClusterSweepExecutor(log::add).execute(points(40), submitter, 0, r -> {
            results.add(r);
            if (results.size() == 3) {
                submitter.stop.set(true);
            }
        });
        assertTrue(results.size() < 40, "the dispatch ended early: " + results.size());
        assertTrue(String.join("\n", log).contains("stopped: "), String.join("\n", log));
        int sent = runs.values().stream().mapToInt(AtomicInteger::get).sum();
        assertTrue(sent < 40, "no point was sent after the stop: " + sent + " ran");
    }

}
