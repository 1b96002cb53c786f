package org.fabrica.topology.graph;

/** The format of a {@code graph} topology's file. */
public enum GraphFormat {
    /** Decided by the file's first word: {@code router} or {@code node} is anynet, anything else ibnetdiscover. */
    AUTO,
    /** BookSim2's anynet listing ({@link AnynetReader}). */
    ANYNET,
    /** An InfiniBand fabric as {@code ibnetdiscover} prints it ({@link IbnetdiscoverReader}). */
    IBNETDISCOVER
}
