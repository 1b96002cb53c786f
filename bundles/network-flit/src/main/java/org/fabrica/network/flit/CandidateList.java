package org.fabrica.network.flit;

import org.fabrica.routing.RouteCandidates;

/** Reused collector of one route computation's candidates; bounded so a runaway routing cannot grow it. */
final class CandidateList implements RouteCandidates {
    final int[] port;
    final int[] vcClass;
    int count;
    /** Set when the routing added more candidates than fit (reported as a provider error). */
    boolean overflow;

    CandidateList(int capacity) {
        port = new int[capacity];
        vcClass = new int[capacity];
    }

    void clear() {
        count = 0;
        overflow = false;
    }

    @Override
    public void add(int outPort, int vcClass) {
        if (count == port.length) {
            overflow = true;
            return;
        }
        port[count] = outPort;
        this.vcClass[count] = vcClass;
        count++;
    }
}
