package org.fabrica.hardware;

/**
 * Cycles of a router's pipeline stages. With all of them 1 and 1-cycle links this is BookSim2's
 * default input-queued router: per hop {@code R + VA + S + ST + L} cycles.
 *
 * @param routingDelay cycles of route computation (0 = combined with VC allocation)
 * @param vcAllocDelay cycles of VC allocation
 * @param switchAllocDelay cycles of switch allocation
 * @param switchTraversalDelay cycles of crossbar traversal
 * @param creditDelay extra cycles for a credit to return upstream beyond the link latency
 */
public record Pipeline(int routingDelay, int vcAllocDelay, int switchAllocDelay, int switchTraversalDelay,
        int creditDelay) {
    public Pipeline {
        require(routingDelay, "routingDelay");
        require(vcAllocDelay, "vcAllocDelay");
        require(switchAllocDelay, "switchAllocDelay");
        require(switchTraversalDelay, "switchTraversalDelay");
        require(creditDelay, "creditDelay");
    }

    private static void require(int value, String name) {
        if (value < 0) {
            throw new IllegalArgumentException(name + " = " + value + " is out of range; use >= 0");
        }
    }

    /** Cycles from a head's arrival to its switch request, plus traversal: {@code R + VA + S + ST}. */
    public int routerCycles() {
        return routingDelay + vcAllocDelay + switchAllocDelay + switchTraversalDelay;
    }
}
