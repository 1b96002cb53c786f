package org.example.fabrica.delivered;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.fabrica.experiment.ProviderCatalog;
import org.fabrica.experiment.study.PacketStudies;
import org.fabrica.experiment.study.StudyFile;
import org.fabrica.experiment.study.StudyJob;
import org.fabrica.experiment.study.StudyMeasurement;
import org.fabrica.experiment.study.StudyMode;
import org.fabrica.experiment.study.StudyOutputs;
import org.fabrica.experiment.study.StudyPlan;
import org.fabrica.experiment.study.StudyPoint;
import org.fabrica.experiment.study.StudySpec;
import org.fabrica.experiment.study.StudySummary;
import org.fabrica.experiment.study.StudyTraffic;
import org.fabrica.stats.Metric;
import org.fabrica.stats.NetworkObserver;
import org.fabrica.sweep.PointResult;
import org.fabrica.traffic.InjectionProcess;
import org.fabrica.traffic.TrafficPattern;

/**
 * Mode {@code delivered}, written against the exported study API only (this package is not the
 * runner's): it counts the delivered packets of a point and stops the point once {@code stopAt}
 * were delivered, when the key is given. With {@code ring: true} it brings its own traffic: one
 * packet per node at cycle 0, to the next node ({@link StudyTraffic}).
 */
public final class DeliveredStudy implements StudyMode {
    private final PacketStudies packets;

    public DeliveredStudy(PacketStudies packets) {
        this.packets = packets;
    }

    @Override
    public String description() {
        return "delivered packets";
    }

    @Override
    public List<String> keys() {
        return packets.keys(List.of("stopAt", "ring"));
    }

    @Override
    public StudySpec read(StudyFile file, String name, String description) {
        long stopAt = file.root().path("stopAt").asLong(0);
        if (stopAt < 0) {
            throw file.error("stopAt", "stopAt = " + stopAt + " is negative; use a number of packets, or leave it out");
        }
        boolean ring = file.root().path("ring").asBoolean(false);
        return packets.read(file, name, description, this, new PacketStudies.Options("delivered", "collective",
                new Settings(stopAt, ring)));
    }

    /** What the mode reads of its own keys. */
    public record Settings(long stopAt, boolean ring) {
    }

    /** One packet per node at cycle 0, to the next node. */
    static final StudyTraffic RING = (plan, point, streams) -> {
        int nodes = plan.topology().nodes();
        TrafficPattern next = (source, random) -> (source + 1) % nodes;
        InjectionProcess once = new InjectionProcess() {
            @Override
            public long next(int node, long previous, java.util.SplittableRandom random) {
                return previous < 0 ? 0 : NEVER;
            }

            @Override
            public double offeredLoad(long now) {
                return 0;
            }
        };
        return new StudyTraffic.Packets(next, once, "ring of " + nodes);
    };

    @Override
    public StudyPlan resolve(StudyFile file, StudySpec spec, ProviderCatalog providers) {
        return packets.resolve(file, spec, providers);
    }

    @Override
    public List<StudyPoint> points(StudySpec spec) {
        return packets.pointsPerSeed(spec, "delivered");
    }

    @Override
    public String loadNote(StudyPoint point) {
        return "delivered";
    }

    @Override
    public PointResult run(StudyJob job) {
        Settings settings = job.plan().spec().settings(Settings.class);
        long stopAt = settings.stopAt();
        StudyMeasurement measurement = new StudyMeasurement() {
            private long delivered;
            private long hopSum;

            @Override
            public NetworkObserver observer(int nodes) {
                return new NetworkObserver() {
                    @Override
                    public void packetDelivered(long packet, int source, int destination, int flits, long created,
                            long injected, long at, int hops) {
                        delivered++;
                        hopSum += hops;
                    }
                };
            }

            @Override
            public boolean ended(long now) {
                return stopAt > 0 && delivered >= stopAt;
            }

            @Override
            public Outcome outcome(long endCycle, End how) {
                return new Outcome(List.of(new Metric("delivered.count", delivered, "packets", "packets delivered"),
                        new Metric("delivered.hops", hopSum, "hops", "hops of the delivered packets")),
                        how == End.LIMIT, how.name());
            }
        };
        return settings.ring() ? job.simulate(measurement, RING) : job.simulate(measurement);
    }

    @Override
    public ObjectNode resolved(StudyPlan plan) {
        Settings settings = plan.spec().settings(Settings.class);
        return packets.resolved(plan, JsonNodeFactory.instance.objectNode().put("stopAt", settings.stopAt())
                .put("ring", settings.ring()));
    }

    @Override
    public String summary(StudyPlan plan) {
        return packets.summary(plan, "  stop at   " + plan.spec().settings(Settings.class).stopAt() + " packets\n");
    }

    @Override
    public StudyOutputs outputs(StudyPlan plan) {
        return new StudyOutputs(new StudySummary.Tables(List.of(new StudySummary.Table("Delivered", "delivered.count",
                "packets")), ""), List.of(), List.of(new StudyOutputs.Column("delivered.count", "delivered")), "");
    }
}
