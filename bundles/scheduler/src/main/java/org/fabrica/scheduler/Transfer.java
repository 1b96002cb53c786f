package org.fabrica.scheduler;

/**
 * One demanded transfer: {@code source} owes {@code destination} a message of {@code size}
 * units ({@link Demands#unit()}). For circuit scheduling it is a request for a connection from
 * {@code source} to {@code destination}.
 *
 * @param source source end node
 * @param destination destination end node
 * @param size message size, at least 1
 */
public record Transfer(int source, int destination, long size) {
    /** Checks the fields. */
    public Transfer {
        if (source < 0 || destination < 0) {
            throw new IllegalArgumentException("transfer " + source + " -> " + destination
                    + " names a negative node; end nodes are numbered from 0");
        }
        if (size < 1) {
            throw new IllegalArgumentException("transfer " + source + " -> " + destination + " has size " + size
                    + "; sizes are at least 1 (leave out pairs that exchange nothing)");
        }
    }
}
