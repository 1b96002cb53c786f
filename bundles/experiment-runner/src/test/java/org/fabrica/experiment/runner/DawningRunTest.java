package org.fabrica.experiment.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.fabrica.experiment.results.PointRecords;
import org.fabrica.sweep.PointResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Dawning 5000 switch's zero-load latency is the sum of its documented parts
 * (docs/studies/dawning.md, "The switch in Fabrica"): software send, link, switch, link, software
 * receive, each converted from nanoseconds to cycles as documented, plus the packet's flits. Every
 * node of one 16-port switch sends one packet at cycle 0 to its bit complement (a permutation: no
 * two packets share an input or an output), so every packet sees an empty switch.
 */
class DawningRunTest {
    @TempDir
    Path tmp;

    private static final String ONE_SWITCH = """
            name: dawning-zero-load
            mode: collective
            topology: {name: kary-ntree, k: 16, n: 1}
            hardware: {name: dawning5000, HARDWARE}
            traffic:
              packetBytes: BYTES
              patterns: [bitcomp]
              injection: {name: collective, packets: 1}
            schemes:
              - {label: dmodk, routing: dmodk, queuing: {name: by-function, unicast: [unicast, mixed]}}
            maxCycles: 100000
            seeds: [1]
            """;

    private double latency(String hardware, int bytes) {
        PointResult r = Fixtures.run(tmp, "z" + bytes + "-" + Math.abs(hardware.hashCode()), ONE_SWITCH
                .replace("HARDWARE", hardware).replace("BYTES", Integer.toString(bytes))).get(0);
        assertEquals(16.0, PointRecords.metric(r, "packets.delivered"));
        return PointRecords.metric(r, "latency.avg");
    }

    /** The documented sum, computed here from the parameters (the switch in cycles, the rest in nanoseconds). */
    private static long documented(double cycleNs, double sendNs, double linkNs, int switchCycles, double receiveNs,
            int packetBytes, int flitBytes) {
        return Math.round(sendNs / cycleNs) + 2 * (long) Math.ceil(linkNs / cycleNs) + switchCycles
                + Math.round(receiveNs / cycleNs) + packetBytes / flitBytes;
    }

    @Test
    void thePapersSwitchTakesItsLatenciesForTheHeadPlusThePacketsFlits() {
        long expected = documented(6.4, 700, 100, 13, 700, 1024, 2);
        assertEquals(775, expected, "109 + 16 + 13 + 16 + 109 cycles for the head (1.68 us), 512 flits of 2 bytes");
        assertEquals(expected, latency("mtuBytes: 1024", 1024), 1e-9);
    }

    @Test
    void theSumFollowsEveryPart() {
        String hardware = "flitBytes: 8, sendOverheadNs: 320, receiveOverheadNs: 64, linkLatencyNs: 32,"
                + " switchLatencyCycles: 10";
        long expected = documented(6.4, 320, 32, 10, 64, 256, 8);
        assertEquals(50 + 5 + 10 + 5 + 10 + 32, expected);
        assertEquals(expected, latency(hardware, 256), 1e-9);
    }
}
