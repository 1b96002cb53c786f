package org.fabrica.testing;

/**
 * One hop of a packet's path: it leaves {@code router} through {@code port} on VC class
 * {@code vcClass} (the class of the buffer it enters downstream). The last hop of a complete path
 * leaves through the destination's terminal port.
 */
public record Hop(int router, int port, int vcClass) {
}
