package org.fabrica.network.flit;

import org.fabrica.kernel.SimulationException;

/**
 * Virtual cut-through with VCs of different sizes (e.g. a 128-byte barrier VC beside 4-KB data
 * VCs): a packet takes a VC only when the VC has room for all of it, so a packet whose queuing
 * scheme allows only VCs smaller than the packet would wait forever. The network checks this where
 * a packet found no VC to take (never on the path of a packet that moves) and fails the point with
 * this message instead of waiting for the deadlock watchdog.
 */
final class CutThroughFit {
    private CutThroughFit() {
    }

    /**
     * @param packet the packet, as {@link PacketPool#name} gives it
     * @param length its length in flits
     * @param where where it waits, e.g. {@code at router 3 toward output port 2}
     * @param vcs the VCs it may take there, with their buffers, e.g. {@code VC 3 (8 flits)}
     */
    static SimulationException never(String packet, int length, String where, String vcs) {
        return new SimulationException("virtual cut-through: " + packet + " (" + length + " flits) may take only "
                + vcs + " " + where + ", whose buffer is smaller than the packet, so it can never advance; let the"
                + " queuing scheme put such packets on a VC that holds a whole packet (e.g. by-function without the"
                + " function of that VC), raise that VC's buffer, or send shorter packets");
    }
}
