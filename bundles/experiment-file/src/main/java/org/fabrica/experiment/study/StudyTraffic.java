package org.fabrica.experiment.study;

import org.fabrica.collective.CollectiveEngine;
import org.fabrica.collective.CollectiveProgram;
import org.fabrica.collective.Groups;
import org.fabrica.kernel.RandomStreams;
import org.fabrica.traffic.InjectionProcess;
import org.fabrica.traffic.TrafficPattern;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * Where the packets of a simulated point come from when its mode brings its own traffic instead of
 * the file's pattern and injection process ({@link StudyJob#simulate(StudyMeasurement, StudyTraffic)}):
 * who sends to whom and when, built once per point. Called on the point's thread before the network
 * is built; the pattern and the process it returns are on the hot path (docs/architecture.md, "The
 * hot path").
 */
@ConsumerType
@FunctionalInterface
public interface StudyTraffic {
    /**
     * The packets of one point.
     *
     * @param plan the resolved experiment (its topology, packet length, the mode's settings)
     * @param point the point (its pattern and scheme indices, load, seed)
     * @param streams the point's random streams: draw every random choice from them (e.g.
     *        {@code streams.stream("burst.destinations", 0)}), so that a point is the same bits on
     *        every run and every thread count
     * @throws RuntimeException a failure fails the point, naming the mode
     */
    Packets packets(StudyPlan plan, StudyPoint point, RandomStreams streams);

    /**
     * A point's traffic.
     *
     * @param pattern who sends to whom
     * @param injection when each node generates, and how many packets
     * @param label the traffic as messages and the network's failure reports name it, e.g. {@code burst of 8}
     * @param collectives the collective engine the network performs the traffic's collectives with
     *        (barriers, multicasts in the switches), or null
     * @param groups the groups of end nodes the engine's collectives run on, or null without an engine
     * @param collectiveName the engine as failure reports name it (its provider's label), or null
     * @param program what the end nodes do with the engine besides the pattern, e.g. a loop of
     *        barriers, or null (since 2.4)
     */
    record Packets(TrafficPattern pattern, InjectionProcess injection, String label, CollectiveEngine collectives,
            Groups groups, String collectiveName, CollectiveProgram program) {
        public Packets {
            if (pattern == null || injection == null || label == null) {
                throw new IllegalArgumentException("a point's traffic needs a pattern, an injection process and a label");
            }
            if (collectives != null && groups == null) {
                throw new IllegalArgumentException("a collective engine needs the groups its collectives run on");
            }
            if (program != null && collectives == null) {
                throw new IllegalArgumentException("a collective program needs the engine it runs on");
            }
        }

        /** Traffic with a collective engine and no program of its own. */
        public Packets(TrafficPattern pattern, InjectionProcess injection, String label, CollectiveEngine collectives,
                Groups groups, String collectiveName) {
            this(pattern, injection, label, collectives, groups, collectiveName, null);
        }

        /** Traffic without a collective engine. */
        public Packets(TrafficPattern pattern, InjectionProcess injection, String label) {
            this(pattern, injection, label, null, null, null, null);
        }
    }

    /**
     * What a mode makes of the file's traffic of a point ({@link StudyJob#simulate(StudyMeasurement, Around)}):
     * called on the point's thread once its pattern and injection process exist. Since 2.4.
     */
    @ConsumerType
    @FunctionalInterface
    interface Around {
        /**
         * The packets of one point.
         *
         * @param file the point's pattern and injection process as the file makes them
         * @param streams the point's random streams, as in {@link StudyTraffic#packets}
         * @throws RuntimeException a failure fails the point, naming the mode
         */
        Packets packets(StudyPlan plan, StudyPoint point, RandomStreams streams, Packets file);
    }
}
