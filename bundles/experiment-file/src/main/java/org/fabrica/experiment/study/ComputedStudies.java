package org.fabrica.experiment.study;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.function.Supplier;
import org.fabrica.experiment.ProviderCatalog;
import org.fabrica.experiment.file.ProviderChoice;
import org.osgi.annotation.versioning.ProviderType;

/**
 * What a study mode whose points are computed without packet simulation (circuit schedulability,
 * an analytical model) needs of the runner, offered by it as a service: its file's common keys
 * read, its providers bound and built with located errors, its spec and plan made, its resolved
 * form framed by the common keys. Such a file has no topology, hardware, traffic or schemes: the
 * mode reads its own rows and columns (e.g. topologies and schedulers), one point per row x column
 * x seed ({@link #pointsPerSeed}), and computes each point itself ({@link StudyJob#computed}).
 *
 * <p>The common keys are {@code name}, {@code description}, {@code mode}, {@code seeds} (a count or
 * a list, every row using them), {@code executor} and {@code outputs} ({@code plots},
 * {@code report}); {@code provenance} is accepted and ignored.
 */
@ProviderType
public interface ComputedStudies {
    /** The common keys, in file order: what {@link #keys} puts around a mode's own. */
    List<String> COMMON_BEFORE = List.of("name", "description", "mode");

    /** The common keys that follow a mode's own, {@code provenance} last. */
    List<String> COMMON_AFTER = List.of("seeds", "executor", "outputs", "provenance");

    /** The top-level keys of a file of a mode with keys {@code own}: what {@link StudyMode#keys()} returns. */
    default List<String> keys(List<String> own) {
        List<String> keys = new java.util.ArrayList<>(COMMON_BEFORE);
        keys.addAll(own);
        keys.addAll(COMMON_AFTER);
        return List.copyOf(keys);
    }

    /**
     * Reads the common keys of a file of {@code mode} (whose own keys the mode has read, so that
     * their errors come first) and makes its spec: the keys outside {@code mode.keys()} are refused
     * naming the mode they belong to, {@code seeds}, {@code executor} and {@code outputs} are read
     * with their defaults.
     *
     * @throws org.fabrica.experiment.ExperimentException naming the key path and its place in the file
     */
    StudySpec read(StudyFile file, String name, String description, StudyMode mode, Options options);

    /**
     * The provider {@code choice} names among the registered providers of its concept, its
     * parameters bound.
     *
     * @throws org.fabrica.experiment.ExperimentException naming the unknown provider or parameter,
     *         with the closest valid one, at the choice's place in the file
     */
    StudyProvider bind(StudyFile file, ProviderChoice choice, ProviderCatalog providers);

    /**
     * Builds what {@code build} makes of a bound provider (an instance, to check the choice now):
     * a failure of the provider becomes an error at the choice's place, naming the provider.
     *
     * @throws org.fabrica.experiment.ExperimentException naming the provider and what it said
     */
    <T> T build(StudyFile file, StudyProvider provider, Supplier<T> build);

    /** The message of a provider's failure, as the runner words them (its own message, or its type). */
    String failure(Throwable failure);

    /**
     * The plan of a spec that {@link #read} returned: checks the executor, then writes the resolved
     * form ({@link StudyMode#resolved}) and takes the experiment's id from it.
     *
     * @param providers the registered providers, as {@link StudyMode#resolve} got them
     * @param bound every provider the mode bound, in file order (the resolved file's provenance lists their bundles)
     * @param columns the labels of the columns (the index {@link StudyPoint#scheme()}), in file order
     * @param state what the mode resolved ({@link StudyPlan#state(Class)}), immutable
     * @throws org.fabrica.experiment.ExperimentException naming an unknown executor
     */
    StudyPlan plan(StudyFile file, StudySpec spec, ProviderCatalog providers, List<StudyProvider> bound,
            List<String> columns, Object state);

    /**
     * One point per row x column x seed, without a load, with ids {@code <row>/<column>/<word>/s<seed>}.
     *
     * @param columns the column labels, as {@link #plan} gets them
     */
    List<StudyPoint> pointsPerSeed(StudySpec spec, List<String> columns, String word);

    /**
     * The resolved form of a plan: {@code name}, {@code description}, {@code mode}, then the fields
     * of {@code own} (the mode's keys, as it writes them), then {@code seeds}, {@code executor} and
     * {@code outputs}.
     */
    ObjectNode resolved(StudyPlan plan, ObjectNode own);

    /** A bound provider as the resolved file writes it: {@code {name: ..., <parameter>: <value>, ...}}. */
    ObjectNode node(StudyProvider provider);

    /**
     * How a mode without packet simulation reads its file.
     *
     * @param mode the mode's word, its {@value StudyMode#NAME_PROPERTY}
     * @param rowNoun what a row is, for messages, e.g. {@code topology}
     * @param rows the labels of the rows (the index {@link StudyPoint#pattern()}), in file order
     * @param settings what the mode read of its own keys ({@link StudySpec#settings(Class)}), immutable
     */
    record Options(String mode, String rowNoun, List<String> rows, Object settings) {
        public Options {
            rows = List.copyOf(rows);
        }
    }
}
