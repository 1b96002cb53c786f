package org.fabrica.collective.tree;

/** Where a barrier tree has its root. */
public enum BarrierRoot {
    /**
     * A switch: the root policy chooses among every router of kind switch (for a whole fat tree, a
     * top switch); the last arrival at the root turns into the completion there. A barrier crosses
     * the tree twice: up and down.
     */
    SWITCH,
    /**
     * A node: the root policy chooses among the group's members. The combined arrival travels on
     * from the top of the tree down to the root node, whose interface sends the completion back up
     * and down to everyone: one leaf-to-leaf path more than a switch root.
     */
    NODE
}
