package org.fabrica.throttle.spth;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/**
 * Parameters of {@code spth} (docs/studies/spth.md, "VCinfo: how congestion state propagates" and "The
 * throttle rule").
 * th(0) is {@code margin: 0}, th(8) is {@code margin: 8}; the no-th baseline is the throttle
 * {@code none} (or, equivalently, {@code length: 0}).
 */
@ObjectClassDefinition(name = "spth", description = "State-Propagation Throttling: VCinfo registers carry the busy"
        + " state of the buffers downstream, one hop per cycle, and hold back new packets whose first-hop register"
        + " shows a busy bit")
public @interface SpthParameters {
    /** Who reports the busy state of the buffer an output feeds (bit 0 of its VCinfo register). */
    enum BusySource {
        /**
         * The downstream router's own input buffer occupancy, as the study's message model says:
         * each router puts the state of its own buffer into bit 0 of what it sends upstream.
         */
        INPUT_BUFFER,
        /** The upstream router's credit counter for that buffer (counts flits in flight and credits not yet returned). */
        CREDITS
    }

    @AttributeDefinition(description = "A buffer is busy when its free space is at most this many flits:"
            + " 0 = th(0) marks only full buffers, 8 = th(8); must be below the buffer capacity", min = "0")
    int margin() default 0;

    @AttributeDefinition(description = "VCinfo register length L in bits: -1 = the longest minimal path in one"
            + " dimension (N/2 on an N-ring of a torus, k-1 on a mesh), capped at 64; 0 = never throttle;"
            + " 1..64 = exactly L bits", min = "-1", max = "64")
    int length() default -1;

    @AttributeDefinition(description = "Source of a buffer's busy state: input-buffer = the downstream router's"
            + " own occupancy (the study's VCinfo message); credits = the upstream router's credit counter")
    BusySource busySource() default BusySource.INPUT_BUFFER;
}
