package org.fabrica.topology.graph;

/** The format of a {@code graph} topology's file. */
public enum GraphFormat {
    /** Decided by the file's first line outside comments ({@link GraphFactory#detect(java.util.List)}). */
    AUTO,
    /** BookSim2's anynet listing ({@link AnynetReader}). */
    ANYNET,
    /** An InfiniBand fabric as {@code ibnetdiscover} prints it ({@link IbnetdiscoverReader}). */
    IBNETDISCOVER
}
