package org.fabrica.collective.tree;

/** How a barrier uses its tree. */
public enum BarrierProtocol {
    /**
     * Combining: every member sends an arrival up the tree as it enters; a switch sends one arrival
     * to its parent when every child port of the tree has delivered one; the root broadcasts the
     * completion down the tree, replicated at the branch points.
     */
    COMBINING,
    /**
     * Quadrics-style, as restated in docs/studies/dawning.md: the root node broadcasts a start
     * notification down the tree when it enters; every other member answers once it has both
     * entered and been notified, the answers combined up the tree as arrivals are; the root
     * broadcasts the completion. Three traversals of the tree; the root is always a node.
     */
    QUADRICS
}
