package org.fabrica.topology.dragonfly;

/**
 * How the a h global link slots of a group are given to the other groups. Slot o = i h + k is
 * global port k of the group's router i (o = 0 .. a h - 1); a group uses slots 0 .. g - 2, one per
 * other group, and the slots g - 1 .. a h - 1 stay unused.
 */
public enum GlobalArrangement {
    /**
     * Consecutive (absolute) arrangement, as BookSim2's dragonfly: slot o of group G leads to group
     * o when o &lt; G and to group o + 1 otherwise, i.e. the other groups in increasing order; group T
     * is reached from G on slot T when T &lt; G, on slot T - 1 when T &gt; G. The link arrives at the
     * slot of G in group T by the same rule.
     */
    ABSOLUTE,
    /**
     * Palm-tree arrangement (Camarero, Vallejo and Beivide, ACM TACO 2014): slot o of group G leads to
     * group (G - o - 1) mod g and arrives there on slot g - 2 - o; with g = a h + 1 router i's links
     * mirror router a - 1 - i's.
     */
    PALMTREE
}
