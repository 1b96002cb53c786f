package org.fabrica.itests.plugin;

import java.util.concurrent.locks.LockSupport;
import org.fabrica.routing.PacketView;
import org.fabrica.routing.RouteCandidates;
import org.fabrica.routing.RoutingAlgorithm;

/**
 * Never returns from the first route computation it is asked for, and ignores interrupts: a provider
 * stuck for good (a lost lock, say). It parks rather than spins, so the thread the run gives up on
 * costs no processor time for the rest of the test framework's life.
 */
public class HangingRoutingAlgorithm implements RoutingAlgorithm {
    @Override
    public void route(int router, int inPort, PacketView packet, RouteCandidates out) {
        while (true) {
            LockSupport.park(this);
            Thread.interrupted(); // clear it and park again: this provider does not answer
        }
    }

    @Override
    public int vcClasses() {
        return 1;
    }
}
