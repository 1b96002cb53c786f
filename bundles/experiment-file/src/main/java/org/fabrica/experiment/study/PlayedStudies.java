package org.fabrica.experiment.study;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.function.ToLongFunction;
import org.fabrica.experiment.ProviderCatalog;
import org.fabrica.experiment.file.ProviderChoice;
import org.fabrica.hardware.HardwareModel;
import org.fabrica.hardware.RouterParameters;
import org.fabrica.topology.Topology;
import org.osgi.annotation.versioning.ConsumerType;
import org.osgi.annotation.versioning.ProviderType;

/**
 * What a simulating mode whose packets are its own (schedules played, traces replayed) needs of the
 * runner, offered by it as a service. Such a file has a topology, hardware, network, kernel and
 * schemes as the packet modes' but no {@code traffic}: the mode reads its own rows (e.g.
 * communications) and its schemes ({@link StudyScheme}); the runner binds and builds the providers
 * and each scheme's network, and every point takes its packets from the mode's
 * {@link StudyTraffic} ({@link StudyJob#simulate(StudyMeasurement, StudyTraffic)}).
 *
 * <p>The common keys are {@code name}, {@code description}, {@code mode}, {@code topology},
 * {@code hardware}, {@code network}, {@code kernel} before the mode's own, then {@code schemes},
 * {@code baseline} (default the first scheme), {@code maxCycles}, {@code deadlockCycles},
 * {@code seeds} (a count or a list, every row using them), {@code executor} and {@code outputs}.
 */
@ProviderType
public interface PlayedStudies {
    /** The common keys before a mode's own, in file order. */
    List<String> COMMON_BEFORE = List.of("name", "description", "mode", "topology", "hardware", "network", "kernel");

    /** The common keys after a mode's own, {@code provenance} last. */
    List<String> COMMON_AFTER = List.of("schemes", "baseline", "maxCycles", "deadlockCycles", "seeds", "executor",
            "outputs", "provenance");

    /** The top-level keys of a file of a mode with keys {@code own}: what {@link StudyMode#keys()} returns. */
    default List<String> keys(List<String> own) {
        List<String> keys = new java.util.ArrayList<>(COMMON_BEFORE);
        keys.addAll(own);
        keys.addAll(COMMON_AFTER);
        return List.copyOf(keys);
    }

    /**
     * Reads the common keys of a file of {@code mode}, whose own keys (its rows, schemes and
     * outputs) the mode has read, and makes its spec: the keys outside {@code mode.keys()} are
     * refused naming the mode they belong to; {@code topology}, {@code hardware}, {@code network},
     * {@code kernel}, {@code baseline}, {@code maxCycles}, {@code deadlockCycles}, {@code seeds} and
     * {@code executor} are read with their defaults.
     *
     * @throws org.fabrica.experiment.ExperimentException naming the key path and its place in the file
     */
    StudySpec read(StudyFile file, String name, String description, StudyMode mode, Options options);

    /**
     * The file's {@code schemes} as the packet modes read them (label, routing, queuing, throttle,
     * hardware; docs/user-guide.md, "Experiment file reference"), for a mode whose schemes have no
     * keys of their own; {@code routing.from} (routes planned for the file's pattern) is refused
     * naming {@code mode}.
     *
     * @throws org.fabrica.experiment.ExperimentException naming the key path and its place in the file
     */
    List<StudyScheme> schemes(StudyFile file, String mode);

    /**
     * Scheme {@code index} of a plan as the packet modes write it in the resolved form:
     * {@code label}, {@code routing}, {@code queuing}, {@code throttle}, and the scheme's own
     * {@code hardware} when it has one.
     */
    ObjectNode scheme(StudyPlan plan, int index);

    /**
     * Resolves a spec that {@link #read} returned: binds the topology, hardware, network, kernel and
     * every scheme's providers, builds the topology and the hardware model, hands them to the mode
     * ({@link Player#play}) and makes the plan of what it resolved.
     *
     * @throws org.fabrica.experiment.ExperimentException naming the key path, its place in the file, and the fix
     */
    StudyPlan resolve(StudyFile file, StudySpec spec, ProviderCatalog providers, Player player);

    /**
     * Builds the network of {@code probe}'s scheme at that point with the mode's traffic, so that a
     * scheme that cannot be built is found before the run.
     *
     * @throws org.fabrica.experiment.ExperimentException at the failing provider's key (or the
     *         scheme's), naming the scheme
     */
    void build(StudyFile file, StudyPlan plan, StudyPoint probe, StudyTraffic traffic);

    /**
     * One point per row x scheme that runs on it ({@link StudyScheme#appliesTo}) x seed, without a
     * load, with ids {@code <row>/<scheme>/<word>/s<seed>}.
     */
    List<StudyPoint> pointsPerSeed(StudySpec spec, String word);

    /**
     * The provider {@code choice} names among the registered providers of its concept, its
     * parameters bound (a provider the mode uses itself, e.g. a scheme's scheduler).
     *
     * @throws org.fabrica.experiment.ExperimentException naming the unknown provider or parameter
     */
    StudyProvider bind(StudyFile file, ProviderChoice choice, ProviderCatalog providers);

    /**
     * The bound provider of a plan at its path in the file, e.g. {@code topology},
     * {@code network} or {@code schemes[1].routing}: for summaries ({@link StudyProvider#label()})
     * and resolved forms ({@link #node}).
     *
     * @throws IllegalArgumentException when no provider is bound at that path
     */
    StudyProvider provider(StudyPlan plan, String path);

    /** The message of a provider's failure, as the runner words them (its own message, or its type). */
    String failure(Throwable failure);

    /** A bound provider as the resolved file writes it: {@code {name: ..., <parameter>: <value>, ...}}. */
    ObjectNode node(StudyProvider provider);

    /**
     * The resolved form of a plan: {@code name}, {@code description}, {@code mode}, {@code topology},
     * {@code hardware}, {@code network}, {@code kernel}, then the fields of {@code own} (the mode's
     * rows and schemes, as it writes them), then {@code baseline}, {@code maxCycles},
     * {@code deadlockCycles}, {@code seeds}, {@code executor} and {@code outputs}
     * ({@code plots}, {@code report}; a mode adds its own output keys to that node).
     */
    ObjectNode resolved(StudyPlan plan, ObjectNode own);

    /**
     * How a mode reads its file.
     *
     * @param mode the mode's word, its {@value StudyMode#NAME_PROPERTY}
     * @param rowNoun what a row is, for messages, e.g. {@code communication}
     * @param rows the labels of the rows (the index {@link StudyPoint#pattern()}), in file order
     * @param schemes the schemes, in file order (the index {@link StudyPoint#scheme()})
     * @param plots {@code outputs.plots}, as the mode read it
     * @param report {@code outputs.report}, as the mode read it
     * @param settings what the mode read of its own keys ({@link StudySpec#settings(Class)}), immutable
     */
    record Options(String mode, String rowNoun, List<String> rows, List<StudyScheme> schemes, boolean plots,
            boolean report, Object settings) {
        public Options {
            rows = List.copyOf(rows);
            schemes = List.copyOf(schemes);
            if (schemes.isEmpty()) {
                throw new IllegalArgumentException("a played study needs at least one scheme");
            }
        }
    }

    /** What a mode resolves of its own once the simulation's providers are built ({@link #resolve}). */
    @ConsumerType
    @FunctionalInterface
    interface Player {
        /**
         * Resolves the mode's rows against the topology and the hardware.
         *
         * @throws org.fabrica.experiment.ExperimentException at the key of the file that is wrong
         */
        Played play(Topology topology, HardwareModel hardware, RouterParameters router);
    }

    /**
     * What the mode resolved.
     *
     * @param state its own ({@link StudyPlan#state(Class)}), immutable
     * @param packetFlits the length of every packet in flits ({@link StudyPlan#packetFlits()})
     * @param bound the providers the mode bound itself ({@link #bind}), listed in the provenance
     * @param expectedPackets the packets a point delivers, for progress, or null when not known
     */
    record Played(Object state, int packetFlits, List<StudyProvider> bound, ToLongFunction<StudyPoint> expectedPackets) {
        public Played {
            bound = List.copyOf(bound);
        }
    }
}
