/**
 * The {@code graph} topology: networks read from a file (BookSim2's anynet listing, InfiniBand
 * fabrics as ibnetdiscover prints them). Not exported: routing reads the network through the
 * topology API alone.
 */
package org.fabrica.topology.graph;
