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
}
