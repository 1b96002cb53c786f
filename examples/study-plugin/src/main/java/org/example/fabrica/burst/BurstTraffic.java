package org.example.fabrica.burst;

import java.util.SplittableRandom;
import org.fabrica.experiment.study.StudyPlan;
import org.fabrica.experiment.study.StudyPoint;
import org.fabrica.experiment.study.StudyTraffic;
import org.fabrica.experiment.study.StudyTraffic.Packets;
import org.fabrica.kernel.RandomStreams;
import org.fabrica.traffic.TrafficPattern;

/**
 * The burst mode's own traffic ({@link StudyTraffic.Around}): with {@code shift: k} every node
 * {@code i} sends all of its packets to node {@code (i + k) mod nodes}, a permutation whose every
 * node sends and receives the same packets, so that its link bound is one node's own burst; the
 * file's injection process (when and how many) is kept. With {@code shift: 0} the file's pattern
 * is left as it is.
 */
final class BurstTraffic implements StudyTraffic.Around {

    @Override
    public Packets packets(StudyPlan plan, StudyPoint point, RandomStreams streams, Packets file) {
        int shift = plan.spec().settings(BurstStudy.Settings.class).shift();
        if (shift == 0) {
            return file;
        }
        return new Packets(new Shift(plan.topology().nodes(), shift), file.injection(), file.label() + ", shifted by "
                + shift, file.collectives(), file.groups(), file.collectiveName(), file.program());
    }

    /** Node {@code i} sends to {@code (i + shift) mod nodes}; no random choice. */
    record Shift(int nodes, int shift) implements TrafficPattern {
        @Override
        public int destination(int source, SplittableRandom random) {
            return (source + shift) % nodes;
        }
    }
}
