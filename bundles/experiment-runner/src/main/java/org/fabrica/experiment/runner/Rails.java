package org.fabrica.experiment.runner;

import java.util.LinkedHashMap;
import java.util.Map;
import org.fabrica.experiment.file.ExperimentDocument;
import org.fabrica.experiment.file.ProviderChoice;
import org.fabrica.topology.rails.RailRouting;

/**
 * A multi-rail network asked for in the file: {@code topology.rails} planes of the topology, and
 * {@code topology.railSelection}, how each node's interface spreads its packets over them
 * ({@link RailTopology}, {@link RailRouting}). The two keys are the runner's, not the topology
 * provider's: every topology takes them.
 *
 * @param planes the number of planes, 1 to 64 (1: one plane behind an interface router)
 * @param selection how a source picks the plane of each packet
 */
record Rails(int planes, RailRouting.Selection selection) {
    static final String PLANES = "rails";
    static final String SELECTION = "railSelection";
    static final int MAX_PLANES = 64;

    /** The rails the topology choice asks for, or null when it gives neither key. */
    static Rails of(ExperimentDocument doc, ProviderChoice topology) {
        Map<String, Object> p = topology.parameters();
        if (!p.containsKey(PLANES) && !p.containsKey(SELECTION)) {
            return null;
        }
        Object planes = p.get(PLANES);
        if (planes == null) {
            throw doc.error(topology.parameterPath(SELECTION), "topology." + SELECTION + " without topology." + PLANES
                    + ": give the number of planes too, e.g. rails: 4");
        }
        if (!(planes instanceof Integer || planes instanceof Long) || ((Number) planes).longValue() < 1
                || ((Number) planes).longValue() > MAX_PLANES) {
            throw doc.error(topology.parameterPath(PLANES), "topology." + PLANES + " = " + planes
                    + " is not a number of planes; use a whole number from 1 to " + MAX_PLANES);
        }
        Object s = p.getOrDefault(SELECTION, "packet");
        RailRouting.Selection selection = switch (String.valueOf(s)) {
            case "packet" -> RailRouting.Selection.PACKET;
            case "destination" -> RailRouting.Selection.DESTINATION;
            default -> throw doc.error(topology.parameterPath(SELECTION), "topology." + SELECTION + " = '" + s
                    + "' is not a selection; use packet (the packet's id modulo the planes: a lone source takes"
                    + " them in turn) or destination (the destination's id modulo the planes)");
        };
        return new Rails(((Number) planes).intValue(), selection);
    }

    /** The topology choice without the runner's two keys, for the topology provider. */
    static ProviderChoice without(ProviderChoice topology) {
        Map<String, Object> p = new LinkedHashMap<>(topology.parameters());
        p.remove(PLANES);
        p.remove(SELECTION);
        return new ProviderChoice(topology.concept(), topology.name(), p, topology.path());
    }

    /** The keys as the resolved file writes them. */
    String selectionName() {
        return selection == RailRouting.Selection.PACKET ? "packet" : "destination";
    }
}
