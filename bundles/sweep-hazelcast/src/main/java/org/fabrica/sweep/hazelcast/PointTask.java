package org.fabrica.sweep.hazelcast;

import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.core.HazelcastInstanceAware;
import java.io.Serializable;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import org.fabrica.sweep.PointResult;
import org.fabrica.sweep.ShippedExperiment;
import org.fabrica.sweep.ShippedPointRunner;
import org.fabrica.sweep.ShippedResult;
import org.fabrica.sweep.SweepPoint;

/**
 * One point shipped to a member: the experiment's id and resolved text, the point's id and index
 * (plain strings and an int, so the task is the same bytes whatever Fabrica classes a member has).
 * Runs through the member's {@link ShippedPointRunner} and answers with {@link ResultCodec} bytes;
 * a point's failure is a failed result, never an exception (an exception means transport trouble).
 */
final class PointTask implements Callable<byte[]>, Serializable, HazelcastInstanceAware {
    private static final long serialVersionUID = 1L;

    private final String experimentId;
    private final String text;
    private final String pointId;
    private final int index;
    private transient HazelcastInstance instance;

    PointTask(ShippedExperiment experiment, SweepPoint point) {
        this.experimentId = experiment.experimentId();
        this.text = experiment.text();
        this.pointId = point.pointId();
        this.index = point.index();
    }

    @Override
    public void setHazelcastInstance(HazelcastInstance hazelcastInstance) {
        this.instance = hazelcastInstance;
    }

    @Override
    @SuppressWarnings("unchecked")
    public byte[] call() {
        SweepPoint point = new SweepPoint(experimentId, pointId, index);
        Object runner = instance == null ? null : instance.getUserContext().get(ClusterConfig.RUNNER);
        ShippedResult r;
        long start = System.nanoTime();
        if (!(runner instanceof ShippedPointRunner)) {
            r = new ShippedResult(new PointResult(point, List.of(), new LinkedHashMap<>(), "member "
                    + (instance == null ? "?" : instance.getCluster().getLocalMember().getAddress())
                    + " has no experiment runner (bundle org.fabrica.experiment.runner not active)", 0), Map.of());
        } else {
            r = ((ShippedPointRunner) runner).run(new ShippedExperiment(experimentId, text), point);
        }
        Object log = instance == null ? null : instance.getUserContext().get(ClusterConfig.LOG);
        if (log instanceof Consumer<?> c) {
            ((Consumer<String>) c).accept("point " + pointId + (r.result().failed() ? " failed: " + r.result().failure()
                    : " done") + " in " + (System.nanoTime() - start) / 1_000_000 + " ms");
        }
        return ResultCodec.encode(r);
    }
}
