package org.fabrica.experiment.study;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.lang.annotation.Annotation;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fabrica.experiment.ProviderCatalog;
import org.fabrica.kernel.ProviderConcept;
import org.fabrica.params.ParameterDescriptor;
import org.fabrica.params.ParameterSchema;
import org.fabrica.sweep.PointResult;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * A study mode: what differs between {@code steady}, {@code ramp}, {@code collective},
 * {@code schedulability}, {@code m2n}, {@code trace} and the studies to come. Registered as a
 * service with the property {@value #NAME_PROPERTY}, the word experiment files write under
 * {@code mode:}; the runner looks the word up among the registered modes (an unknown word is
 * refused with the installed ones) and asks the mode for everything mode-specific, from reading
 * the file to the results' tables and charts. The runner's own code holds no list of modes.
 *
 * <p>The calls come in this order: {@link #read} when the file is parsed; {@link #resolve} (which
 * builds the {@link StudyPlan}, whose construction asks {@link #points} and {@link #resolved});
 * {@link #summary} and {@link #outputs} once per run; {@link #run} and {@link #loadNote} once per
 * point, from the executor's threads. A mode keeps no state between calls: the plan holds it.
 *
 * <p>Only Fabrica creates specs and plans (bundle {@code experiment-plan}): a mode has its
 * {@link PacketStudies} service read, resolve and describe the packet-simulation part of its file,
 * and simulates its points with its own {@link StudyMeasurement} ({@link StudyJob#simulate}).
 */
@ProviderConcept(value = "mode", order = 160)
@ConsumerType
public interface StudyMode {
    /** Service property naming the mode: the word of the file's {@code mode:} key, e.g. {@code ramp}. */
    String NAME_PROPERTY = "fabrica.name";

    /** A few words for the list of installed modes, e.g. {@code load points}. */
    String description();

    /**
     * The top-level keys a file of this mode may have, the common ones ({@code name},
     * {@code mode}, {@code seeds}, ...) included. A key no installed mode reads is an unknown key;
     * a key of another mode is refused by {@link #read}.
     */
    List<String> keys();

    /**
     * Reads a file of this mode: refuses the keys of other modes (naming the mode they belong to),
     * reads and checks the mode's own keys and the common ones, and fills in every default.
     *
     * @param file the experiment file, with located errors
     * @param name the experiment's name, already checked
     * @param description its description, or empty
     * @throws org.fabrica.experiment.ExperimentException naming the key path and its place in the file
     */
    StudySpec read(StudyFile file, String name, String description);

    /**
     * Resolves the experiment against the registered providers: binds every provider and
     * parameter, builds what must be built to find every error now, and returns the plan.
     *
     * @param providers the registered providers (the runner's registry)
     * @throws org.fabrica.experiment.ExperimentException naming the key path, its place in the file, and the fix
     */
    StudyPlan resolve(StudyFile file, StudySpec spec, ProviderCatalog providers);

    /** The experiment's points in sweep order, each with its stable id. */
    List<StudyPoint> points(StudySpec spec);

    /**
     * The default of every optional key this mode alone reads (or reads with a default of its own),
     * by key path such as {@code warmup} or {@code series.window}, in the order of the experiment
     * file reference: what the reference documents and its test checks. The runner's common keys
     * have theirs; a mode without keys of its own returns none.
     */
    default Map<String, Object> defaults() {
        Class<? extends Annotation> type = settingsType();
        Map<String, Object> d = new LinkedHashMap<>();
        if (type != null) {
            for (ParameterDescriptor p : ParameterSchema.of(type).parameters()) {
                d.put(p.name(), p.defaultValue());
            }
        }
        return d;
    }

    /**
     * The Metatype type of the mode's own optional keys: an {@code @ObjectClassDefinition}
     * annotation type whose attributes are the keys by path ({@code series_window} is
     * {@code series.window}), each with its default, range and description, as a provider's
     * parameter type is. {@code fabrica help mode NAME} lists them, the user guide's generated
     * catalogue documents them, and {@link #defaults()} is read from it, so the mode's reading
     * takes its defaults from the same type ({@code Parameters.defaults(type)}); in the order of
     * the type's Metatype definition. Keys that are
     * required, lists or sections (e.g. {@code loads}) are the mode's to document in the
     * type's description. None by default. Since 3.1.
     */
    default Class<? extends Annotation> settingsType() {
        return null;
    }

    /** The {@code load} note of a point's result: its offered load, or the mode's word. */
    String loadNote(StudyPoint point);

    /**
     * Runs one point to its end and never throws: a simulating mode hands its collectors and end
     * condition to {@link StudyJob#simulate}; a mode without packet simulation computes the result itself.
     */
    PointResult run(StudyJob job);

    /**
     * Whether a file without {@code mode:} is of this mode: Fabrica's default mode (steady) says so;
     * when several installed modes do, the first by name is the default. Not by default. Since 2.4.
     */
    default boolean isDefault() {
        return false;
    }

    /**
     * The top-level keys of the resolved file that change how results are drawn or summarised, not
     * what a point is (e.g. {@code baseline}): written to experiment.yaml, so that it runs again as
     * it is, but left out of the experiment's id, so that a finished run can be drawn anew with
     * {@code --resume}. None by default. Since 2.4.
     */
    default List<String> presentationKeys() {
        return List.of();
    }

    /** The resolved experiment (experiment.yaml without its provenance): every default filled in, in file order. */
    ObjectNode resolved(StudyPlan plan);

    /** A few lines describing the sweep, for {@code validate} and the report. */
    String summary(StudyPlan plan);

    /**
     * What the results of a run show, as data the report bundle draws: the summary (tables,
     * summary.csv, the end-of-run text), the charts by kind, the report's columns and the note
     * under series charts. 3.0: a description (2.x returned an experiment-report implementation).
     */
    StudyOutputs outputs(StudyPlan plan);
}
