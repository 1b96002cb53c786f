package org.fabrica.routing.cube;

/**
 * How dimension-order routing assigns VC classes on rings with wrap-around links so that the
 * channel dependencies of every class are acyclic. Meshes need none: one class.
 * The class of a hop names the buffer the packet enters downstream, so the hop that crosses a
 * dateline already uses the new class.
 */
public enum DatelineScheme {
    /**
     * One dateline per ring, on the wrap-around link (between k-1 and 0, both directions). A
     * packet uses class 0 in a dimension until it crosses that dimension's dateline, then class 1;
     * the class restarts at 0 when it enters a new dimension. 2 classes (Dally and Seitz).
     */
    CLASSIC,
    /**
     * Two datelines per ring: on the wrap-around link (k-1 | 0) and on the link between k/2-1 and
     * k/2. A packet starts on class 0 and moves to the next class each time it crosses a dateline,
     * in any dimension, without reset at the turn. A minimal path crosses at most one dateline per
     * dimension, so n+1 classes suffice (3 on a 2D torus). Needs an even k.
     * docs/studies/spth.md, "Deadlock avoidance".
     */
    TWO_PER_RING,
    /**
     * BookSim2's deterministic dim_order torus routing: the dateline is the wrap-around link, but
     * the class is chosen when the packet enters a dimension: class 1 for the whole dimension when
     * its path there crosses the wrap link, class 0 otherwise. 2 classes.
     */
    WRAP_AWARE
}
