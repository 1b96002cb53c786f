package org.fabrica.network.flit;

import org.fabrica.routing.RouteCandidates;

/**
 * Reused collector of one route computation's candidates (alternatives, {@link #add}) or branches
 * (a multi-output route, {@link #addBranch}); bounded so a runaway routing cannot grow it.
 */
final class CandidateList implements RouteCandidates {
    final int[] port;
    final int[] vcClass;
    int count;
    /** Set when the routing added more candidates than fit (reported as a provider error). */
    boolean overflow;
    /** The entries are branches of a multi-output route. */
    boolean branches;
    /** The routing mixed alternatives and branches in one route (reported as a provider error). */
    boolean mixed;

    CandidateList(int capacity) {
        port = new int[capacity];
        vcClass = new int[capacity];
    }

    void clear() {
        count = 0;
        overflow = false;
        branches = false;
        mixed = false;
    }

    @Override
    public void add(int outPort, int vcClass) {
        if (branches) {
            mixed = true;
        }
        put(outPort, vcClass);
    }

    @Override
    public void addBranch(int outPort, int vcClass) {
        if (count > 0 && !branches) {
            mixed = true;
        }
        branches = true;
        put(outPort, vcClass);
    }

    private void put(int outPort, int vcClass) {
        if (count == port.length) {
            overflow = true;
            return;
        }
        port[count] = outPort;
        this.vcClass[count] = vcClass;
        count++;
    }
}
