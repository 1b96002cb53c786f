package org.fabrica.stats.collectors;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.List;
import javax.imageio.ImageIO;
import org.fabrica.network.BufferProbe;
import org.fabrica.topology.CartesianTopology;
import org.junit.jupiter.api.Test;

class SpaceTimeRecorderTest {

    /** A k_x x k_y torus with the numbering of CartesianTopology; only coordinates are needed. */
    static final class Grid implements CartesianTopology {
        final int kx;
        final int ky;
        final int n;

        Grid(int kx, int ky, int n) {
            this.kx = kx;
            this.ky = ky;
            this.n = n;
        }

        @Override public int dimensions() { return n; }
        @Override public int radix(int d) { return d == 0 ? kx : ky; }
        @Override public boolean wraps(int d) { return true; }
        @Override public int coordinate(int r, int d) { return d == 0 ? r % kx : r / kx; }
        @Override public int nodes() { return kx * ky; }
        @Override public int routers() { return kx * ky; }
        @Override public int ports(int r) { return 2 * n + 1; }
        @Override public int neighbor(int r, int p) { return -1; }
        @Override public int neighborPort(int r, int p) { return -1; }
        @Override public int terminal(int r, int p) { return p == 2 * n ? r : -1; }
        @Override public int nodeRouter(int node) { return node; }
        @Override public int nodePort(int node) { return 2 * n; }
        @Override public String describe() { return kx + " x " + ky + " torus"; }
    }

    /**
     * Scripted congestion on a 6 x 6 torus, 3 VCs of 16 flits: a full VC-0 buffer travels east
     * along row 2 one router per cycle from cycle 100 (router 12 at cycle 100, 13 at 101, ...);
     * VC 1 of the eastbound buffer of router 14 always holds 10 flits (6 free); VC 2 of the
     * northbound buffer of router 20 (x = 2, y = 3) is full from cycle 102 on.
     */
    static final class ScriptedProbe implements BufferProbe {
        long now;

        @Override
        public int occupiedFlits(int router, int inPort, int vc) {
            if (inPort == 1 && vc == 0 && router >= 12 && router < 18 && router - 12 == now - 100) {
                return 16;
            }
            if (inPort == 1 && vc == 1 && router == 14) {
                return 10;
            }
            if (inPort == 3 && vc == 2 && router == 20 && now >= 102) {
                return 16;
            }
            return 0;
        }

        @Override
        public int capacityFlits() {
            return 16;
        }

        @Override
        public int vcs() {
            return 3;
        }
    }

    private static SpaceTimeChart record(int margin) {
        ScriptedProbe probe = new ScriptedProbe();
        SpaceTimeRecorder rec = new SpaceTimeRecorder(probe, SpaceTimeRecorder.torusLines(new Grid(6, 6, 2)),
                new SpaceTimeRecorder.Sampling(100, 6, 2, margin));
        for (long t = 0; t < 120; t++) {
            probe.now = t;
            rec.cycleEnd(t);
            rec.cycleEnd(t); // repeated: ignored
        }
        assertTrue(rec.complete());
        return rec.chart();
    }

    @Test
    void linesFollowTheSpecRowAndColumnAndTheDirectionOfTravel() {
        List<SpaceTimeRecorder.Line> lines = SpaceTimeRecorder.torusLines(new Grid(6, 6, 2));
        assertEquals(List.of("E", "W", "N", "S"), lines.stream().map(SpaceTimeRecorder.Line::label).toList());
        assertArrayEquals(new int[] {12, 13, 14, 15, 16, 17}, lines.get(0).routers(), "row y = floor(6/3) = 2");
        assertArrayEquals(new int[] {1, 1, 1, 1, 1, 1}, lines.get(0).inPorts(), "eastbound packets arrive on x-");
        assertArrayEquals(new int[] {0, 0, 0, 0, 0, 0}, lines.get(1).inPorts(), "westbound packets arrive on x+");
        assertArrayEquals(new int[] {2, 8, 14, 20, 26, 32}, lines.get(2).routers(), "column x = floor(6/3) = 2");
        assertArrayEquals(new int[] {3, 3, 3, 3, 3, 3}, lines.get(2).inPorts(), "northbound packets arrive on y-");
        assertArrayEquals(new int[] {2, 2, 2, 2, 2, 2}, lines.get(3).inPorts(), "southbound packets arrive on y+");
        assertThrows(IllegalArgumentException.class, () -> SpaceTimeRecorder.torusLines(new Grid(4, 4, 3)));
    }

    @Test
    void aScriptedCongestionGivesExactlyTheExpectedBusyCells() {
        SpaceTimeChart full = record(0);
        assertEquals(3, full.samples());
        assertEquals(List.of(100L, 102L, 104L), List.of(full.cycle(0), full.cycle(1), full.cycle(2)));
        // margin 0: only full buffers; mask bit v = VC v
        String expected = """
                cycle,E0,E1,E2,E3,E4,E5,W0,W1,W2,W3,W4,W5,N0,N1,N2,N3,N4,N5,S0,S1,S2,S3,S4,S5
                100,1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0
                102,0,0,1,0,0,0,0,0,0,0,0,0,0,0,0,4,0,0,0,0,0,0,0,0
                104,0,0,0,0,1,0,0,0,0,0,0,0,0,0,0,4,0,0,0,0,0,0,0,0
                """;
        assertEquals(expected, full.csv());
        assertEquals(5, full.busyCount());

        // margin 8: VC 1 of router 14's eastbound buffer (6 free flits) is busy too
        SpaceTimeChart proactive = record(8);
        assertEquals(2, proactive.busyMask(0, 0, 2));
        assertEquals(3, proactive.busyMask(1, 0, 2), "VC 0 full and VC 1 with 6 free flits");
        assertEquals(2, proactive.busyMask(2, 0, 2));
        assertEquals(1, proactive.busyMask(2, 0, 4));
        assertEquals(4, proactive.busyMask(2, 2, 3));
        assertEquals(0, proactive.busyMask(2, 3, 3));
        assertEquals(8, proactive.busyCount());
    }

    @Test
    void thePngHasOneRowPerSampleAndTheSpecColours() throws IOException {
        SpaceTimeChart chart = record(8);
        int cell = 3;
        BufferedImage img = ImageIO.read(new ByteArrayInputStream(chart.png(cell)));
        assertEquals(4 * 6 * cell + 3 * SpaceTimeChart.GAP, img.getWidth());
        assertEquals(3, img.getHeight());
        // row 0 (cycle 100): E0 red (VC 0), E2 green (VC 1)
        assertEquals(0xFF0000, rgb(img, chart.pngX(0, 0, cell), 0));
        assertEquals(0xFF0000, rgb(img, chart.pngX(0, 0, cell) + cell - 1, 0), "the whole cell is coloured");
        assertEquals(0x00FF00, rgb(img, chart.pngX(0, 2, cell), 0));
        assertEquals(0x000000, rgb(img, chart.pngX(0, 1, cell), 0), "idle buffers are black");
        // row 1 (cycle 102): E2 yellow (VC 0 + VC 1), N3 blue (VC 2)
        assertEquals(0xFFFF00, rgb(img, chart.pngX(0, 2, cell) + 1, 1));
        assertEquals(0x0000FF, rgb(img, chart.pngX(2, 3, cell), 1));
        assertEquals(0x000000, rgb(img, chart.pngX(3, 3, cell), 1));
        // grey band between E and W
        assertEquals(SpaceTimeChart.GAP_RGB, rgb(img, 6 * cell, 2));
        assertEquals(SpaceTimeChart.GAP_RGB, rgb(img, 6 * cell + 1, 2));
        assertEquals(chart.pngX(1, 0, cell), 6 * cell + SpaceTimeChart.GAP);
    }

    @Test
    void theFigureHasTheImageTitleLineNamesCyclesAndALegend() throws Exception {
        SpaceTimeChart chart = record(8);
        String svg = chart.svg(3, "uniform/th8 <s1>");
        org.w3c.dom.Document d = javax.xml.parsers.DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new java.io.ByteArrayInputStream(svg.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        assertEquals(1, d.getElementsByTagName("image").getLength());
        String href = ((org.w3c.dom.Element) d.getElementsByTagName("image").item(0)).getAttribute("href");
        byte[] png = java.util.Base64.getDecoder().decode(href.substring("data:image/png;base64,".length()));
        assertEquals(java.util.Arrays.toString(chart.png(3)), java.util.Arrays.toString(png), "the PNG, pixel for pixel");
        List<String> texts = new java.util.ArrayList<>();
        org.w3c.dom.NodeList t = d.getElementsByTagName("text");
        for (int i = 0; i < t.getLength(); i++) {
            texts.add(t.item(i).getTextContent());
        }
        assertTrue(texts.contains("uniform/th8 <s1>"), texts.toString());
        for (String line : List.of("E", "W", "N", "S")) {
            assertTrue(texts.contains(line), line + " in " + texts);
        }
        // the time axis: the first and last sampled cycles
        assertTrue(texts.contains(Long.toString(chart.cycle(0))) && texts.contains(Long.toString(chart.cycle(2))), texts.toString());
        assertTrue(texts.contains("VC 0 busy") && texts.contains("no VC busy") && texts.contains("cycle"), texts.toString());
    }

    private static int rgb(BufferedImage img, int x, int y) {
        return img.getRGB(x, y) & 0xFFFFFF;
    }

    @Test
    void samplingOutsideTheWindowAndImpossibleChartsAreRejected() {
        ScriptedProbe probe = new ScriptedProbe();
        List<SpaceTimeRecorder.Line> lines = SpaceTimeRecorder.torusLines(new Grid(6, 6, 2));
        assertThrows(IllegalArgumentException.class,
                () -> new SpaceTimeRecorder(probe, lines, new SpaceTimeRecorder.Sampling(0, 10, 1, 16)),
                "margin 16 of 16 flits would mark everything busy");
        assertThrows(IllegalArgumentException.class,
                () -> new SpaceTimeRecorder(probe, lines, new SpaceTimeRecorder.Sampling(0, 1L << 30, 1, 0)),
                "too many cells");
        assertThrows(IllegalArgumentException.class, () -> new SpaceTimeRecorder.Sampling(0, 10, 0, 0));
        assertThrows(IllegalArgumentException.class, () -> new SpaceTimeRecorder.Sampling(-1, 10, 1, 0));
        assertEquals(4, new SpaceTimeRecorder.Sampling(5, 10, 3, 0).samples(), "cycles 5, 8, 11, 14");
        SpaceTimeRecorder rec = new SpaceTimeRecorder(probe, lines, new SpaceTimeRecorder.Sampling(10, 3, 1, 0));
        rec.cycleEnd(5);
        assertEquals(0, rec.chart().samples());
        rec.cycleEnd(11); // jumps: only cycle 11 itself is sampled
        rec.cycleEnd(20);
        assertEquals(1, rec.chart().samples());
        assertEquals(11, rec.chart().cycle(0));
    }
}
