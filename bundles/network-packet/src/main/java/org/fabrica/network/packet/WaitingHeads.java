package org.fabrica.network.packet;

/** The heads that wait in the routers' queues, described for a deadlock report. */
final class WaitingHeads {
    private WaitingHeads() {
    }

    /** At most {@code limit} waiting heads, one line each: where they are and what they wait for. */
    static String describe(Routers routers, Wiring w, PacketPool pool, int limit) {
        StringBuilder b = new StringBuilder();
        int vcs = w.vcs;
        int shown = 0;
        for (int iv = 0; iv < routers.layout.queues() && shown < limit; iv++) {
            if (!routers.holdsPacket(iv)) {
                continue;
            }
            int slot = routers.front(iv);
            int r = routers.routerOf(iv);
            int vc = routers.vcOf(iv, r);
            b.append("\n  ").append(pool.name(slot)).append(" at VC ").append(vc % vcs).append(" of ")
                    .append(w.portName(vc / vcs));
            int output = routers.layout.voqOutput(iv, r);
            if (output >= 0) {
                b.append(" (queue to port ").append(output).append(")");
            }
            b.append(": ");
            switch (routers.state(iv)) {
                case Routers.WAIT_VC -> {
                    b.append("waits for a VC of");
                    for (int k = 0; k < routers.candidates(iv); k++) {
                        b.append(" port ").append(routers.candPort(iv, k)).append(" (mask 0x")
                                .append(Long.toHexString(routers.candMask(iv, k))).append(")");
                    }
                    b.append(" at router ").append(r);
                }
                case Routers.ACTIVE -> b.append("holds VC ").append(routers.outVc(iv) % vcs).append(" of ")
                        .append(w.portName(routers.outVc(iv) / vcs)).append(" and waits for the switch");
                default -> b.append("is being routed");
            }
            shown++;
        }
        return b.toString();
    }
}
