package org.fabrica.experiment.study;

import java.util.List;
import org.osgi.annotation.versioning.ProviderType;

/**
 * An experiment as its mode read it ({@link StudyMode#read}), every default filled in: what a mode
 * needs to expand it into points and to describe it. What only one mode reads is its own object,
 * {@link #modeSettings()}. Created by the runner only (for a mode of another bundle, by
 * {@link PacketStudies#read}).
 */
@ProviderType
public interface StudySpec {
    /** The experiment's name. */
    String name();

    /** The word of the file's {@code mode:} key (or the default mode's). */
    String mode();

    /** The mode found by that word. */
    StudyMode study();

    /** The labels of the traffic patterns (or the analogue of the mode, e.g. m2n's communications), in file order. */
    List<String> patternLabels();

    /** The labels of the schemes, in file order. */
    List<String> schemeLabels();

    /** The seeds of pattern {@code pattern} (index into {@link #patternLabels()}). */
    List<Long> seedsOf(int pattern);

    /**
     * Whether the file gives its seeds per pattern ({@code seeds: {default: 1, uniform: 3}}), as
     * summaries then list them. Since 2.4.
     */
    boolean perPatternSeeds();

    /** The scheme the ratios of the summary tables refer to, or null in a mode without ratios. */
    String baseline();

    /** The last cycle + 1 a point may run. */
    long maxCycles();

    /** What the mode alone reads, as it read it (its own record), or null. */
    Object modeSettings();

    /**
     * {@link #modeSettings()} as the mode's own type.
     *
     * @throws IllegalStateException when the spec holds no settings of that type (a spec of another mode)
     */
    default <T> T settings(Class<T> type) {
        return StudyPlan.typed(type, modeSettings(), "settings", mode());
    }
}
