package org.fabrica.testing;

import java.util.Arrays;
import org.fabrica.routing.RouteCandidates;

/**
 * Records the candidates of one route computation, in the order the routing algorithm gave them.
 * {@link #reset()} empties it for the next computation, so one recorder serves a whole walk.
 */
public final class CandidateRecorder implements RouteCandidates {
    private int[] ports = new int[8];
    private int[] classes = new int[8];
    private int count;

    @Override
    public void add(int outPort, int vcClass) {
        if (count == ports.length) {
            ports = Arrays.copyOf(ports, 2 * count);
            classes = Arrays.copyOf(classes, 2 * count);
        }
        ports[count] = outPort;
        classes[count] = vcClass;
        count++;
    }

    /** Forgets every candidate; returns this recorder, to pass it straight to {@code route}. */
    public CandidateRecorder reset() {
        count = 0;
        return this;
    }

    /** Candidates added since the last {@link #reset()}. */
    public int count() {
        return count;
    }

    /** Output port of the first (preferred) candidate, -1 when there is none. */
    public int port() {
        return count == 0 ? -1 : ports[0];
    }

    /** VC class of the first (preferred) candidate, -1 when there is none. */
    public int vcClass() {
        return count == 0 ? -1 : classes[0];
    }

    /** Output port of candidate {@code i} (0 = preferred). */
    public int port(int i) {
        checkIndex(i);
        return ports[i];
    }

    /** VC class of candidate {@code i} (0 = preferred). */
    public int vcClass(int i) {
        checkIndex(i);
        return classes[i];
    }

    private void checkIndex(int i) {
        if (i < 0 || i >= count) {
            throw new IndexOutOfBoundsException("candidate " + i + " of " + count);
        }
    }
}
