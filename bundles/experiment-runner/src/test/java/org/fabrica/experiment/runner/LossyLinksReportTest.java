package org.fabrica.experiment.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.fabrica.experiment.results.PointRecords;
import org.fabrica.stats.Metric;
import org.fabrica.sweep.PointResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Unicast packets on lossy links (docs/collectives.md, "Lossy links"): a steady point whose links
 * lose packets still measures every packet (the drain waits for their retransmissions), and reports
 * the network's counts of drops and retransmissions; a point that lost none has no such columns.
 */
class LossyLinksReportTest {
    @TempDir
    Path tmp;

    @Test
    void aLossyPointReportsItsDropsAndRetransmissionsAndALosslessOneNothing() {
        String lossy = Fixtures.TINY.replace("hardware:", "network: {name: flit, bitErrorRate: 1.0e-4,"
                + " retransmitTimeoutCycles: 300}\nhardware:");
        for (PointResult r : Fixtures.run(tmp, "lossy", lossy)) {
            double dropped = PointRecords.metric(r, "network.unicastDropped");
            assertTrue(dropped > 0, "drops " + dropped);
            // the point ends when the window's packets are delivered: later losses may still wait
            double resent = PointRecords.metric(r, "network.retransmitted");
            assertTrue(resent > 0 && resent <= dropped, resent + " retransmitted of " + dropped);
            assertEquals(PointRecords.metric(r, "packets.measured"), PointRecords.metric(r, "packets.measured.delivered"),
                    1e-9, "every measured packet delivered despite the losses");
        }
        List<PointResult> lossless = Fixtures.run(tmp, "lossless", Fixtures.TINY);
        for (PointResult r : lossless) {
            for (Metric m : r.metrics()) {
                assertFalse(m.name().startsWith("network."), m.name());
            }
        }
    }
}
