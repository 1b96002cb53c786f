package org.fabrica.network.flit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.fabrica.hardware.RouterDescription;
import org.fabrica.hardware.infiniband.InfinibandHardwareFactory;
import org.fabrica.hardware.infiniband.InfinibandParameters;
import org.fabrica.network.flit.Fixtures.Recorder;
import org.fabrica.network.flit.Fixtures.Setup;
import org.fabrica.params.Parameters;
import org.junit.jupiter.api.Test;

/**
 * The {@code infiniband} model's router in the flit network, one packet alone on a ring: 64-byte
 * flits at 100 Gbps (5.12 ns a cycle), links of 6 ns (2 cycles), switches of 100 ns (20 cycles).
 */
class InfinibandLinkTest {
    private static final RouterDescription IB = new InfinibandHardwareFactory()
            .create(Parameters.bind(InfinibandParameters.class, Map.of(), "hardware")).description();

    /** The latency of one packet of {@code flits} from node 0 to {@code destination}, alone in the network. */
    private static long latency(int flits, int destination) {
        Setup s = new Setup().ring(4);
        s.describe = d -> IB;
        s.packetFlits = flits;
        s.pattern = (source, random) -> destination;
        s.injection = Fixtures.single(0, 10);
        Recorder r = new Recorder();
        s.observer = r;
        Fixtures.run(s.create(), 64);
        assertEquals(1, r.delivered);
        return r.firstLatency;
    }

    @Test
    void aFourKilobytePacketsTailFollowsItsHeadByItsSerialisationTime() {
        // 4 KB = 64 flits of 64 bytes: on every link the tail leaves 63 cycles (322.56 ns) after the
        // head, and the packet arrives whole 64 cycles (327.68 ns, 4 KB at 100 Gbps) after its head
        // started; cut-through, so the whole path adds the serialisation once
        long head = latency(1, 1);
        assertEquals(63, latency(64, 1) - head, "one 64-byte flit against 4 KB");
        assertTrue(head > 40, "a switch alone takes 20 cycles: " + head);
    }

    @Test
    void oneMoreHopAddsASwitchAndASixNanosecondLink() {
        // node 0 to node 2 crosses router 1 too: its 100 ns (20 cycles) and a 6 ns link (2 cycles of 5.12 ns)
        assertEquals(20 + 2, latency(1, 2) - latency(1, 1));
        assertEquals(20 + 2, latency(64, 2) - latency(64, 1), "the same for a 4 KB packet: serialised once");
    }

    @Test
    void aVlWithoutCreditsNeverSendsAndSendsOnceTheyReturn() {
        Setup s = new Setup().ring(4);
        s.describe = d -> IB;
        s.packetFlits = 64;
        s.pattern = (source, random) -> 1;
        s.injection = Fixtures.single(0, 10);
        s.deadlockCycles = 1_000_000;
        Recorder r = new Recorder();
        s.observer = r;
        FlitNetwork net = s.create();
        // router 0's output towards router 1: every VL's credits taken (the buffers downstream full)
        int base = (net.wiring.portBase[0] + Fixtures.PLUS) * net.wiring.vcs;
        int[] held = new int[net.wiring.vcs];
        for (int v = 0; v < held.length; v++) {
            held[v] = net.outputs.credits[base + v];
            net.outputs.credits[base + v] = 0;
        }
        long c = 0;
        for (; c < 3000; c++) {
            net.cycle(c);
        }
        assertEquals(1, r.injected, "the packet entered router 0");
        assertEquals(0, r.delivered, "no VL of the output had a credit: nothing crossed");
        for (int v = 0; v < held.length; v++) {
            assertEquals(0, net.outputs.credits[base + v], "VL " + v + " sent nothing");
            // the credits come back as credit returns do, one event each in the next cycle
            for (int k = 0; k < held[v]; k++) {
                net.links.creditEvents.add(c, base + v);
            }
        }
        while (!net.done(c)) {
            net.cycle(c++);
        }
        assertEquals(1, r.delivered, "with its credits back the packet crosses");
    }
}
