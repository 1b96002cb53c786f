package org.fabrica.experiment.study;

import java.util.List;
import org.fabrica.hardware.RouterParameters;
import org.fabrica.topology.Topology;
import org.osgi.annotation.versioning.ProviderType;

/**
 * A resolved experiment ({@link StudyMode#resolve}): its spec, its points and the instances every
 * point shares. Created by the runner only (for a mode of another bundle, by
 * {@link PacketStudies#resolve}); each point builds its own instances of the providers.
 */
@ProviderType
public interface StudyPlan {
    /** The experiment as its mode read it. */
    StudySpec spec();

    /** The points, in sweep order ({@link StudyMode#points}). */
    List<StudyPoint> points();

    /** The experiment's id: a hash of its resolved form, the name of its results' identity. */
    String experimentId();

    /** The topology built once at resolution (null in a mode without packet simulation). */
    Topology topology();

    /** The router parameters of the hardware model (null in a mode without packet simulation). */
    RouterParameters router();

    /** The packet length in flits, converted from bytes when the file gives bytes (0 without packets). */
    int packetFlits();

    /**
     * The cycles a point is expected to take, for progress and summaries, as the mode set it
     * ({@link PacketStudies#expect}); -1 when not known. Since 2.4.
     */
    long expectedCycles();

    /**
     * What the mode resolved beyond the plan's own fields and gave the runner with it (a computed
     * plan's state, {@link ComputedStudies#plan}), or null.
     */
    Object state();

    /**
     * {@link #state()} as the mode's own type.
     *
     * @throws IllegalStateException when the plan holds no state of that type (a plan of another mode)
     */
    default <T> T state(Class<T> type) {
        return typed(type, state(), "state", spec().mode());
    }

    /** {@code value} as a {@code type}, or an error naming what was asked of which mode's spec or plan. */
    static <T> T typed(Class<T> type, Object value, String what, String mode) {
        if (type.isInstance(value)) {
            return type.cast(value);
        }
        throw new IllegalStateException("the " + what + " of this mode " + mode + " experiment is "
                + (value == null ? "null" : "a " + value.getClass().getName()) + ", not a " + type.getName()
                + ": a mode reads back only what it gave the runner");
    }
}
