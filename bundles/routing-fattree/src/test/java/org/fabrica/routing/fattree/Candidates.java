package org.fabrica.routing.fattree;

import org.fabrica.routing.RouteCandidates;

/** Records the candidates of one route computation. */
final class Candidates implements RouteCandidates {
    int count;
    int port = -1;
    int vcClass = -1;

    @Override
    public void add(int outPort, int c) {
        if (count == 0) {
            port = outPort;
            vcClass = c;
        }
        count++;
    }

    Candidates reset() {
        count = 0;
        port = -1;
        vcClass = -1;
        return this;
    }
}
