package org.fabrica.network.packet;

import java.util.ArrayList;
import java.util.List;
import org.fabrica.hardware.FlowControl;
import org.fabrica.hardware.OutputInterleaving;
import org.fabrica.hardware.RouterDescription;
import org.fabrica.network.NetworkSetup;

/**
 * What the packet model simulates, checked before anything is built: a configuration that needs
 * what it does not have is refused with the setting to change, or the flit model to use.
 */
final class PacketModelScope {
    private PacketModelScope() {
    }

    static void check(NetworkSetup setup, RouterDescription d) {
        List<String> problems = new ArrayList<>();
        if (d.flowControl() != FlowControl.VIRTUAL_CUT_THROUGH) {
            problems.add("flow control is wormhole: the packet model simulates virtual cut-through only (a packet never"
                    + " spans buffers); set the hardware model's flowControl to virtual-cut-through");
        }
        if (d.interleaving() != OutputInterleaving.PACKETS) {
            problems.add("outputs interleave flits of several packets (outputInterleaving / linkInterleaving = flits):"
                    + " the packet model puts whole packets on links; set it to packets (generic: outputInterleaving,"
                    + " infiniband: linkInterleaving)");
        }
        if (setup.routing() != null && setup.routing().readsOccupancy()) {
            problems.add("the routing is adaptive (it chooses by the occupancy of the buffers, which the packet model"
                    + " does not expose to routing); choose an oblivious or deterministic routing");
        }
        if (setup.routing() != null && setup.routing().readsArrivalClass()) {
            problems.add("the routing reads the class of the VC a packet arrived on, which the packet model does not"
                    + " record; choose a routing that does not");
        }
        if (setup.collectives() != null) {
            problems.add("the packet model has no collective engine (barriers, hardware multicast)");
        }
        for (String kind : setup.routerKinds().keySet()) {
            RouterDescription k = setup.routerKinds().get(kind);
            if (k.flowControl() != d.flowControl() || k.interleaving() != d.interleaving() || k.crossbar() != d.crossbar()
                    || !k.vcAllocator().equals(d.vcAllocator()) || !k.switchAllocator().equals(d.switchAllocator())
                    || !k.serviceLevels().equals(d.serviceLevels())) {
                problems.add("router kind '" + kind + "' differs from the hardware model's router in flow control,"
                        + " interleaving, crossbar, allocators or service-level table; kinds must share them");
            }
        }
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException("the packet network model cannot simulate this configuration: "
                    + String.join("; ", problems) + ". Use network: {name: flit} for it");
        }
    }
}
