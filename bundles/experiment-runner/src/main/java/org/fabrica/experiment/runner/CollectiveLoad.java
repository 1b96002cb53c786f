package org.fabrica.experiment.runner;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.fabrica.collective.load.SoftwareMulticast;
import org.fabrica.experiment.file.ExperimentDocument;
import org.fabrica.experiment.file.ProviderChoice;
import org.fabrica.experiment.file.SpecReader;

/**
 * A steady file's {@code collective} section (docs/collectives.md, "Beside steady load"): the
 * run's collective engine over group 0, and, with {@code barrier}, a loop of barriers over nodes
 * 0 .. members-1 while the traffic loads the network (without it, group 0 is every node, for a
 * traffic that enters collective operations itself, such as {@code multicast}). With
 * {@code multicast: software} the traffic's multicasts are binomial trees of unicast packets
 * ({@link SoftwareMulticast}) instead of the engine's.
 *
 * <pre>{@code
 * collective:
 *   engine: {name: tree-barrier, root: switch}   # default tree-barrier
 *   rootPolicy: lowest-max-hop                    # default
 *   barrier: {members: 64, gapNs: 0}              # a barrier loop; members default: every node, no gap
 *   multicast: hardware                           # or software: binomial trees of unicast packets
 * }</pre>
 *
 * @param engine the collective engine
 * @param rootPolicy the root policy of its trees
 * @param members the barrier's members, nodes 0 .. members-1 (0: every node)
 * @param gapNs the time a member computes between learning a completion and entering the next barrier
 * @param barrierLoop whether the section has {@code barrier}: the loop runs
 * @param softwareMulticast whether the traffic's multicasts are sent in software ({@code multicast: software})
 */
record CollectiveLoad(ProviderChoice engine, ProviderChoice rootPolicy, int members, double gapNs,
        boolean barrierLoop, boolean softwareMulticast) {
    static final List<String> KEYS = List.of("engine", "rootPolicy", "barrier", "multicast");
    /** The engine and root policy of a {@code collective} section that names none (every mode's that has one). */
    static final String DEFAULT_ENGINE = "tree-barrier";
    static final String DEFAULT_ROOT_POLICY = "lowest-max-hop";
    static final List<String> BARRIER_KEYS = List.of("members", "gapNs");

    /** The section, or null when the file has none. */
    static CollectiveLoad read(ExperimentDocument doc, ObjectNode root) {
        JsonNode c = root.get("collective");
        if (c == null || c.isNull()) {
            return null;
        }
        if (!c.isObject()) {
            throw doc.error("collective", "collective must be a mapping such as {engine: tree-barrier, barrier: {members:"
                    + " 64, gapNs: 0}}");
        }
        SpecReader.checkKeys(doc, (ObjectNode) c, "collective", KEYS);
        int members = 0;
        double gapNs = 0;
        JsonNode b = c.get("barrier");
        if (b != null && !b.isNull()) {
            if (!b.isObject()) {
                throw doc.error("collective.barrier", "collective.barrier must be a mapping such as {members: 64, gapNs: 0}");
            }
            SpecReader.checkKeys(doc, (ObjectNode) b, "collective.barrier", BARRIER_KEYS);
            members = (int) SpecReader.bounded(doc, b, "members", "collective.barrier.members", 0, 1, 1 << 24);
            if (b.has("gapNs") && !b.get("gapNs").isNull()) {
                gapNs = SpecReader.number(doc, b.get("gapNs"), "collective.barrier.gapNs");
                if (!(gapNs >= 0) || gapNs > 1e12) {
                    throw doc.error("collective.barrier.gapNs", "collective.barrier.gapNs = " + gapNs
                            + "; use a time in ns from 0 to 1e12");
                }
            }
        }
        boolean software = false;
        JsonNode mc = c.get("multicast");
        if (mc != null && !mc.isNull()) {
            if (!mc.isTextual() || !(mc.asText().equals("hardware") || mc.asText().equals("software"))) {
                throw doc.error("collective.multicast", "collective.multicast must be hardware (the engine's multicast,"
                        + " the default) or software (binomial trees of unicast packets); found "
                        + ExperimentDocument.kind(mc));
            }
            software = mc.asText().equals("software");
        }
        return new CollectiveLoad(SpecReader.choice(doc, c.get("engine"), "collective", "collective.engine",
                DEFAULT_ENGINE), SpecReader.choice(doc, c.get("rootPolicy"), "rootPolicy",
                "collective.rootPolicy", DEFAULT_ROOT_POLICY), members, gapNs, b != null && !b.isNull(),
                software);
    }

    /**
     * The section bound to its providers, for a plan, with the mode's measurement window: the
     * barrier loop measures in [{@code warmup}, {@code windowEnd}) and stops entering at its end.
     */
    record Bound(CollectiveLoad spec, BoundProvider engine, BoundProvider rootPolicy, int members, long warmup,
            long windowEnd) {
    }
}
