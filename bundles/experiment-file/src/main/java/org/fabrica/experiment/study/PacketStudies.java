package org.fabrica.experiment.study;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.function.LongFunction;
import org.fabrica.experiment.ProviderCatalog;
import org.fabrica.experiment.file.ProviderChoice;
import org.fabrica.stats.CollectorContext;
import org.osgi.annotation.versioning.ProviderType;

/**
 * What every packet-simulation mode shares, offered as a service to the modes by Fabrica (bundle
 * {@code experiment-plan}): the file with a topology, hardware, traffic and schemes (docs/user-guide.md,
 * "Experiment file reference"), its resolution against the providers, its points, its resolved form
 * and its summary. A mode calls these from its {@link StudyMode} methods and adds only what is its
 * own: its keys and settings, its measurement ({@link StudyJob#simulate}) and its outputs.
 *
 * <p>The packets of a point come from its pattern (drawn from the seed's pattern stream, so every
 * scheme of a seed sees the same one) and the file's {@code traffic.injection}, whose default the
 * mode chooses ({@link Options#defaultInjection}); the statistics collectors under
 * {@code statistics:} measure the whole run.
 */
@ProviderType
public interface PacketStudies {
    /**
     * The top-level keys of a packet-simulation file ({@code name}, {@code description},
     * {@code mode}, {@code topology}, {@code hardware}, {@code network}, {@code kernel},
     * {@code traffic}, {@code schemes}, {@code baseline}, {@code maxCycles}, {@code statistics},
     * {@code deadlockCycles}, {@code seeds}, {@code executor}, {@code outputs},
     * {@code provenance}) with the mode's {@code own} keys before {@code statistics}: what
     * {@link StudyMode#keys()} returns.
     */
    List<String> keys(List<String> own);

    /**
     * Reads the packet-simulation keys of a file of {@code mode} and checks them, every default
     * filled in: the keys of other modes (those not in {@code mode.keys()}) are refused, naming the
     * key; {@code baseline} (the scheme the summary tables' ratios refer to, default the first) and
     * {@code maxCycles} (default 100,000,000) are read.
     *
     * @param mode the mode the runner asks about the spec's points and results (the caller)
     * @param options the mode's word, default injection and what it read of its own keys
     * @throws org.fabrica.experiment.ExperimentException naming the key path and its place in the file
     */
    StudySpec read(StudyFile file, String name, String description, StudyMode mode, Options options);

    /**
     * Resolves a spec that {@link #read} returned against the registered providers: binds every
     * provider and parameter, builds the topology, the hardware model and (at zero load) the
     * traffic of every scheme, so that every error is found now.
     *
     * @throws org.fabrica.experiment.ExperimentException naming the key path, its place in the file, and the fix
     */
    StudyPlan resolve(StudyFile file, StudySpec spec, ProviderCatalog providers);

    /**
     * As {@link #resolve(StudyFile, StudySpec, ProviderCatalog)}, the traffic checked at the mode's
     * loads and the statistics collectors measuring the mode's window. Since 2.4.
     */
    StudyPlan resolve(StudyFile file, StudySpec spec, ProviderCatalog providers, Resolution resolution);

    /**
     * Binds a provider the mode's own keys choose (e.g. a collective engine beside the traffic),
     * listed in the provenance with the others. Since 2.4.
     *
     * @throws org.fabrica.experiment.ExperimentException at the choice's path when no such provider
     *         is registered or its parameters do not bind
     */
    StudyProvider bind(StudyFile file, ProviderChoice choice, ProviderCatalog providers);

    /**
     * The file's injection process ({@code traffic.injection}) of a plan that {@link #resolve}
     * returned, bound: a mode builds its own instance from it, e.g. to find when its offered load
     * ends ({@code p.factory(InjectionProcessFactory.class).create(nodes, load, p.parameters())}).
     * Since 2.4.
     */
    StudyProvider injection(StudyPlan plan);

    /**
     * Tells the run's progress what a point of a plan that {@link #resolve} returned is expected to
     * take ({@link StudyPlan#expectedCycles()}) and what it is doing at each cycle, e.g.
     * {@code "ramp to cycle 20,000"}; a mode that does not call it has its points told by cycles and
     * packets alone. Since 2.4.
     *
     * @param cycles the cycles a point is expected to take, or -1 when not known
     * @param phases what a point is doing when it is about to simulate a cycle, or null
     */
    void expect(StudyPlan plan, long cycles, LongFunction<String> phases);

    /**
     * One point per pattern x scheme x seed, without a load, with ids
     * {@code <pattern>/<scheme>/<word>/s<seed>}.
     */
    List<StudyPoint> pointsPerSeed(StudySpec spec, String word);

    /**
     * The resolved form of a plan that {@link #resolve} returned: every provider with its
     * parameters, {@code mode}, {@code baseline} and {@code maxCycles}, then the fields of {@code own} (the mode's own
     * keys, as it writes them), then the common keys that follow in the file.
     */
    ObjectNode resolved(StudyPlan plan, ObjectNode own);

    /**
     * As {@link #resolved(StudyPlan, ObjectNode)}, with {@code keys} alone between the schemes and
     * the common keys that follow: the mode writes {@code mode}, {@code baseline} and
     * {@code maxCycles} itself if it has them (a default mode's file says no {@code mode}). Since 2.4.
     */
    ObjectNode resolvedWith(StudyPlan plan, ObjectNode keys);

    /**
     * The summary of a plan that {@link #resolve} returned: points, topology, hardware, traffic and
     * schemes, then {@code runLines} (how the mode runs a point: lines each starting with two spaces
     * and ending with a newline), then the statistics collectors and the experiment's id.
     */
    String summary(StudyPlan plan, String runLines);

    /**
     * As {@link #summary(StudyPlan, String)}, its first line with the mode's words before the
     * counts (e.g. {@code ramp mode, }, or nothing) and its factor between schemes and seeds (e.g.
     * {@code 3 load(s) x }, or nothing). Since 2.4.
     */
    String summary(StudyPlan plan, String modeWords, String factor, String runLines);

    /**
     * How a mode reads its file.
     *
     * @param mode the mode's word, its {@value StudyMode#NAME_PROPERTY}
     * @param defaultInjection the injection process of a file without {@code traffic.injection},
     *        e.g. {@code collective} (a burst at cycle 0)
     * @param settings what the mode read of its own keys ({@link StudySpec#modeSettings()}), or null
     * @param ownKeys reads the mode's own keys where the file's errors are found in file order
     *        (after the schemes), instead of {@code settings}, or null (since 2.4)
     */
    record Options(String mode, String defaultInjection, Object settings, OwnKeys ownKeys) {
        /** Options with what the mode read of its own keys before. */
        public Options(String mode, String defaultInjection, Object settings) {
            this(mode, defaultInjection, settings, null);
        }

        /** Options whose own keys are read by {@code ownKeys}, after the schemes. Since 2.4. */
        public static Options reading(String mode, String defaultInjection, OwnKeys ownKeys) {
            return new Options(mode, defaultInjection, null, ownKeys);
        }
    }

    /** Reads a mode's own keys ({@link Options#reading}). Since 2.4. */
    @FunctionalInterface
    interface OwnKeys {
        /**
         * @throws org.fabrica.experiment.ExperimentException naming the key path and its place in the file
         */
        Own read(StudyFile file);
    }

    /**
     * What a mode read of its own keys. Since 2.4.
     *
     * @param settings the mode's own record ({@link StudySpec#modeSettings()})
     * @param maxCycles the last cycle + 1 a point may run when the mode derives it from its own keys
     *        (e.g. warm-up + window + drain) and its file has no {@code maxCycles}; 0 to read the
     *        file's {@code maxCycles}
     */
    record Own(Object settings, long maxCycles) {
    }

    /**
     * How a mode's plan is resolved. Since 2.4.
     *
     * @param probeLoads the offered loads at which the injection process is built and checked
     * @param statisticsStart the first cycle the statistics collectors measure
     * @param statisticsEnd the first cycle after it, or {@code CollectorContext.OPEN} for the whole run
     * @param state what the mode resolved of its own keys, the plan's {@link StudyPlan#state()}, or null
     */
    record Resolution(List<Double> probeLoads, long statisticsStart, long statisticsEnd, Object state) {
        /** The injection checked at load 0, the collectors measuring the whole run, no state: the default. */
        public static final Resolution WHOLE_RUN = new Resolution(List.of(0.0), 0, CollectorContext.OPEN, null);

        public Resolution {
            probeLoads = List.copyOf(probeLoads);
        }
    }
}
