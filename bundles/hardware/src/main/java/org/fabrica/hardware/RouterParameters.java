package org.fabrica.hardware;

/**
 * Timing and resources of a router model, in cycles and flits.
 *
 * @param vcs virtual channels per input port
 * @param bufferFlits capacity of one VC buffer
 * @param flowControl buffer allocation discipline
 * @param routingDelay cycles of route computation (0 = combined with VC allocation)
 * @param vcAllocDelay cycles of VC allocation
 * @param switchAllocDelay cycles of switch allocation
 * @param switchTraversalDelay cycles of crossbar traversal
 * @param linkLatency cycles for a flit to cross a link
 * @param creditDelay extra cycles for a credit to return upstream beyond the link latency
 * @param voqCrossbar every input VC buffer has its own crossbar input per output (no HOL blocking
 *        among VCs of one port); otherwise one crossbar input per port
 * @param cycleNanoseconds length of a cycle in ns, for reporting
 * @param flitBytes bytes per flit: converts sizes given in bytes (buffers, an experiment's packet length)
 *        to flits, and serves reporting
 */
public record RouterParameters(
        int vcs,
        int bufferFlits,
        FlowControl flowControl,
        int routingDelay,
        int vcAllocDelay,
        int switchAllocDelay,
        int switchTraversalDelay,
        int linkLatency,
        int creditDelay,
        boolean voqCrossbar,
        double cycleNanoseconds,
        int flitBytes) {

    public RouterParameters {
        require(vcs >= 1 && vcs <= 64, "vcs", vcs, "1..64");
        require(bufferFlits >= 1, "bufferFlits", bufferFlits, ">= 1");
        require(routingDelay >= 0, "routingDelay", routingDelay, ">= 0");
        require(vcAllocDelay >= 0, "vcAllocDelay", vcAllocDelay, ">= 0");
        require(switchAllocDelay >= 0, "switchAllocDelay", switchAllocDelay, ">= 0");
        require(switchTraversalDelay >= 0, "switchTraversalDelay", switchTraversalDelay, ">= 0");
        require(linkLatency >= 1, "linkLatency", linkLatency, ">= 1");
        require(creditDelay >= 0, "creditDelay", creditDelay, ">= 0");
        if (flowControl == null) {
            throw new IllegalArgumentException("flowControl must be set (VIRTUAL_CUT_THROUGH or WORMHOLE)");
        }
        if (!(cycleNanoseconds > 0)) {
            throw new IllegalArgumentException("cycleNanoseconds must be > 0, was " + cycleNanoseconds);
        }
        require(flitBytes >= 1, "flitBytes", flitBytes, ">= 1");
    }

    private static void require(boolean ok, String name, int value, String range) {
        if (!ok) {
            throw new IllegalArgumentException(name + " = " + value + " is out of range; use " + range);
        }
    }
}
