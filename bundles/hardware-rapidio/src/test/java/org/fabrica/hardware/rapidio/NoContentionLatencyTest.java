package org.fabrica.hardware.rapidio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import org.fabrica.params.Parameters;
import org.junit.jupiter.api.Test;

/**
 * The no-contention single-pair latency through five hops (docs/studies/rapidio-m2n.md, "Hardware:
 * the IDT CPS-1848 switch"; the paper's five-hop calibration is in "The practical case: TianLai").
 */
class NoContentionLatencyTest {
    private final Cps1848HardwareFactory factory = new Cps1848HardwareFactory();

    private Cps1848Model model(Map<String, ?> values) {
        return factory.create(Parameters.bind(Cps1848Parameters.class, values));
    }

    @Test
    void fiveHopsAreEndpointOverheadPlusFiveHopLatenciesPlusCableDelay() {
        NoContentionLatency five = model(Map.of()).noContentionLatency(5, 256);
        assertEquals(608.0, five.endpointNs(), 0.0);
        assertEquals(5 * 170.0, five.switchNs(), 0.0);
        assertEquals(6 * 5.0, five.cableNs(), 0.0, "five switches, six links");
        assertEquals(608.0 + 850.0 + 30.0, five.headNs(), 0.0);
        assertEquals(276 * 8 / 16.0, five.serialisationNs(), 1e-12, "276 wire bytes at 16 Gbps = 138 ns");
        assertEquals(1488.0 + 138.0, five.packetNs(), 1e-9);
    }

    @Test
    void configuredFiguresAddUpExactly() {
        Cps1848Model m = model(Map.of("endpointOverheadNs", 600.0, "hopLatencyNs", 100.0, "cableDelayNs", 12.0));
        assertEquals(600 + 5 * 100 + 6 * 12, m.noContentionLatency(5, 8).headNs(), 0.0);
        assertEquals(600 + 3 * 100 + 4 * 12, m.noContentionLatency(3, 8).headNs(), 0.0);
        assertEquals(608 + 5 * 111.6 + 6 * 5, model(Map.of("hopLatencyNs", 111.6)).noContentionLatency(5, 256).headNs(),
                1e-9);
        assertEquals(608 + 5 * 170, model(Map.of("cableDelayNs", 0.0)).noContentionLatency(5, 256).headNs(), 0.0);
    }

    @Test
    void flitModelCyclesFollowTheRoundedHops() {
        Cps1848Model m = model(Map.of());
        NoContentionLatency five = m.noContentionLatency(5, 256);
        // 152 endpoint + 1 injection link + 5 x 44 + 35 flits
        assertEquals(152 + 1 + 5 * 44 + 35, five.packetCycles());
        assertEquals(five.packetCycles() - 34, five.headCycles(), "the head arrives F - 1 cycles before the tail");
        assertEquals(374, five.headCycles(), "1496 ns against 1488 ns configured");
        NoContentionLatency noCable = model(Map.of("cableDelayNs", 0.0)).noContentionLatency(5, 256);
        assertEquals(152 + 1 + 5 * 43 + 35, noCable.packetCycles());
        assertEquals(152 + 1 + 44 + 4, m.noContentionLatency(1, 1).packetCycles());
        assertThrows(IllegalArgumentException.class, () -> m.noContentionLatency(0, 256));
    }
}
