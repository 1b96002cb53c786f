package org.fabrica.plot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.StringReader;
import java.util.List;
import javax.imageio.ImageIO;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.xml.sax.InputSource;

class ChartTest {

    private static Chart sample() {
        return new Chart("uniform: latency <vs> accepted & more", "subtitle", "accepted (flits/node/cycle)",
                "latency (cycles)", false, List.of(
                        new Series("dor-classic", new double[] {0.02, 0.1, 0.2, 0.29}, new double[] {35, 37, 43, 160}),
                        new Series("dor \"yx\"", new double[] {0.1, 0.02, Double.NaN}, new double[] {40, 36, 50})));
    }

    @Test
    void linearAxesUseNiceSteps() {
        AxisScale x = AxisScale.linear(0, 0.303, 7);
        assertEquals(0.05, x.step(), 1e-12);
        assertEquals(List.of(0.0, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.35), x.ticks());
        assertEquals("0.05", x.label(0.05));
        AxisScale y = AxisScale.linear(0, 165, 6);
        assertEquals(List.of(0.0, 50.0, 100.0, 150.0, 200.0), y.ticks());
        assertEquals("150", y.label(150));
        AxisScale flat = AxisScale.linear(5, 5, 6);
        assertTrue(flat.min() < 5 && flat.max() > 5);
        AxisScale log = AxisScale.logarithmic(3, 4500);
        assertEquals(List.of(1.0, 10.0, 100.0, 1000.0, 10000.0), log.ticks());
        assertEquals(0.5, log.fraction(100), 1e-12);
    }

    @Test
    void aBoundOnATickStaysThereDespiteRounding() {
        // 6 x 0.2 is 1.2000000000000002: an accepted-against-offered chart to load 1.0 (padded, then
        // its y = x axes made one) ran its axes to 1.4, a whole step past the data
        AxisScale once = AxisScale.linear(0, 1.03, 7);
        assertEquals(1.2, once.max(), 1e-12);
        AxisScale again = AxisScale.linear(once.min(), once.max(), 7);
        assertEquals(List.of(0.0, 0.2, 0.4, 0.6, 0.8, 1.0, 1.2), again.ticks());
        assertEquals(List.of(-0.6, -0.4, -0.2, 0.0), AxisScale.linear(-0.6000000000000001, 0, 4).ticks());
    }

    @Test
    void svgIsWellFormedEscapedAndHasEverySeries() throws Exception {
        String svg = ChartRenderer.svg(sample(), true);
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        Document d = f.newDocumentBuilder().parse(new InputSource(new StringReader(svg)));
        assertEquals("svg", d.getDocumentElement().getLocalName());
        assertEquals(2, d.getElementsByTagName("polyline").getLength(), "one line per series");
        assertTrue(svg.contains("uniform: latency &lt;vs&gt; accepted &amp; more"));
        assertTrue(svg.contains(">dor &quot;yx&quot;</text>"));
        String inline = ChartRenderer.svg(sample(), false);
        assertFalse(inline.contains("http"), "inline SVG carries no namespace URL");
        assertFalse(inline.startsWith("<?xml"));
    }

    @Test
    void aBarChartDrawsOneBarPerSeriesAndCategoryTallerForLargerValues() {
        double[] x = {0, 1};
        Chart bars = Chart.bars("ratios", "", "topology", "ratio", List.of("ft-a", "ft-b"),
                List.of(new Series("lw", x, new double[] {0.9, 0.5}), new Series("greedy", x, new double[] {0.3, Double.NaN})));
        String svg = ChartRenderer.svg(bars, true);
        assertTrue(svg.contains(">ft-a</text>") && svg.contains(">ft-b</text>"), "category labels");
        String lw = ChartPainter.COLORS[0];
        String greedy = ChartPainter.COLORS[1];
        // bars of a series, plus its legend swatch; a NaN leaves its bar out
        assertEquals(3, count(svg, "fill=\"" + lw + "\""), svg);
        assertEquals(2, count(svg, "fill=\"" + greedy + "\""), svg);
        assertThrowsIllegalArgument(() -> Chart.bars("t", "", "x", "y", List.of("a"),
                List.of(new Series("s", x, new double[] {1, 2}))));
    }

    private static int count(String text, String part) {
        int n = 0;
        for (int i = text.indexOf(part); i >= 0; i = text.indexOf(part, i + 1)) {
            n++;
        }
        return n;
    }

    private static void assertThrowsIllegalArgument(Runnable r) {
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, r::run);
    }

    @Test
    void axesStartWhereTheDataDoesNotAtZero() {
        Chart c = new Chart("t", "", "x", "y", false, List.of(new Series("a", new double[] {0.4, 0.5, 0.6},
                new double[] {102, 108, 115})));
        String svg = ChartRenderer.svg(c, true);
        assertFalse(svg.contains(">0</text>"), "no tick at 0 on either axis: " + svg);
        assertTrue(svg.contains(">100</text>") && svg.contains(">0.40</text>"), svg);
    }

    @Test
    void anIdentityLineIsDrawnDashedWithItsLegendAndBothAxesShareARange() {
        Chart c = new Chart("t", "", "offered", "accepted", false, List.of(new Series("a", new double[] {0.1, 0.2, 0.4},
                new double[] {0.1, 0.2, 0.25}))).withIdentityLine();
        String svg = ChartRenderer.svg(c, true);
        assertEquals(2, count(svg, "stroke=\"#888888\" stroke-width=\"1.20\" stroke-dasharray"),
                "the line and its legend sample: " + svg);
        assertTrue(svg.contains(">y = x</text>"), svg);
        assertFalse(ChartRenderer.svg(new Chart("t", "", "x", "y", false, c.series()), true).contains("y = x"));
    }

    @Test
    void aDashedSeriesKeepsItsStyleAndIsDashedInTheLineAndTheLegendSample() throws Exception {
        Series solid = new Series("shared", new double[] {0.1, 0.2, 0.3}, new double[] {10, 12, 20}, 2);
        Series dashed = new Series("voq", new double[] {0.1, 0.2, 0.4}, new double[] {9, 11, 15}, 2).asDashed();
        assertFalse(solid.dashed());
        assertTrue(dashed.dashed());
        Chart c = new Chart("t", "", "x", "y", false, List.of(solid, dashed));
        String svg = ChartRenderer.svg(c, true);
        String color = ChartPainter.COLORS[2];
        // the two curves and the dashed legend sample, drawn as its curve is
        assertEquals(3, count(svg, "<polyline fill=\"none\" stroke=\"" + color + "\""), svg);
        assertEquals(2, count(svg, "stroke-linecap=\"round\" stroke-dasharray=\"7 5\""),
                "the dashed curve and its sample, with the same dashes: " + svg);
        // the solid sample a plain line; no sample has the identity line's dashes
        assertEquals(1, count(svg, "stroke=\"" + color + "\" stroke-width=\"2\"/>"), svg);
        assertEquals(0, count(svg, "stroke=\"" + color + "\" stroke-width=\"2\" stroke-dasharray"), svg);
        // and the bitmap draws it too
        BufferedImage png = ImageIO.read(new ByteArrayInputStream(ChartRenderer.png(c)));
        assertTrue(png.getWidth() > 0);
    }

    @Test
    void errorBarsAreDrawnAndWidenTheRange() {
        Series bars = new Series("a", new double[] {1, 2}, new double[] {10, 20}, 0, new double[] {5, 15},
                new double[] {50, 25});
        String svg = ChartRenderer.svg(new Chart("t", "", "x", "y", false, List.of(bars)), true);
        // per point: the bar and two caps in the series' colour
        assertEquals(6, count(svg, "stroke=\"" + ChartPainter.COLORS[0] + "\" stroke-width=\"1.20\""), svg);
        assertTrue(svg.contains(">50</text>"), "the range reaches the upper end of the bar: " + svg);
        assertThrowsIllegalArgument(() -> new Series("b", new double[] {1}, new double[] {1}, 0, new double[] {1}, null));
    }

    @Test
    void theLegendTakesTheCornerWithTheFewestPoints() {
        // a curve through the top left: the legend moves to another corner
        Chart c = new Chart("t", "", "x", "y", false, List.of(new Series("falling", new double[] {0, 1, 2, 3},
                new double[] {57, 40, 20, 5})));
        String svg = ChartRenderer.svg(c, true);
        double legendX = Double.parseDouble(attribute(svg, "stroke=\"#cccccc\"", "x"));
        double legendY = Double.parseDouble(attribute(svg, "stroke=\"#cccccc\"", "y"));
        // top left and bottom right hold the curve's ends; the top right corner is free (first free in order)
        assertTrue(legendX > ChartPainter.WIDTH / 2.0 && legendY < ChartPainter.HEIGHT / 2.0,
                "legend at " + legendX + ", " + legendY + " should be top right: " + svg);
        // a rising curve leaves the top left free: the legend's usual place
        String rising = ChartRenderer.svg(new Chart("t", "", "x", "y", false, List.of(new Series("rising",
                new double[] {0, 1, 2, 3}, new double[] {10, 30, 60, 100}))), true);
        assertTrue(Double.parseDouble(attribute(rising, "stroke=\"#cccccc\"", "y")) < ChartPainter.HEIGHT / 2.0, rising);
        assertTrue(Double.parseDouble(attribute(rising, "stroke=\"#cccccc\"", "x")) < ChartPainter.WIDTH / 2.0, rising);
    }

    /** The value of {@code name} on the first element containing {@code marker}. */
    private static String attribute(String svg, String marker, String name) {
        for (String line : svg.split("\n")) {
            if (line.contains(marker)) {
                int i = line.indexOf(" " + name + "=\"") + name.length() + 3;
                return line.substring(i, line.indexOf('"', i));
            }
        }
        throw new AssertionError("no element with " + marker);
    }

    @Test
    void longTitlesAndSubtitlesStayOnTheCanvas() throws Exception {
        String subtitle = "flits delivered in the measurement window; 29 points ended at the saturation check "
                + "(accepted over the window's first 20000 cycles), 2 saturated points ran their whole window";
        String title = "KNS 48-ary 2-direct, Zipf s = 1, shared crossbar, 1 ms + 2 ms windows, six schemes, one seed";
        Chart c = new Chart(title, subtitle, "x", "y", false, List.of(new Series("a", new double[] {0, 1},
                new double[] {0, 1})));
        Document d = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new InputSource(new StringReader(ChartRenderer.svg(c, true))));
        org.w3c.dom.NodeList texts = d.getElementsByTagName("text");
        StringBuilder joined = new StringBuilder();
        int lines = 0;
        double lastLine = 0;
        boolean titleSeen = false;
        for (int i = 0; i < texts.getLength(); i++) {
            org.w3c.dom.Element e = (org.w3c.dom.Element) texts.item(i);
            String s = e.getTextContent();
            double x = Double.parseDouble(e.getAttribute("x"));
            double size = Double.parseDouble(e.getAttribute("font-size"));
            double half = TextMetrics.width(s, size, e.hasAttribute("font-weight")) / 2;
            if (s.equals(title)) {
                titleSeen = true;
                assertTrue(size < 16, "a title wider than the canvas is set smaller: " + size);
                assertTrue(x - half >= 0 && x + half <= ChartPainter.WIDTH, "title from " + (x - half) + " to " + (x + half));
            } else if (subtitle.contains(s) && s.length() > 10) {
                lines++;
                lastLine = Math.max(lastLine, Double.parseDouble(e.getAttribute("y")));
                joined.append(joined.length() == 0 ? "" : " ").append(s);
                assertTrue(x - half >= 0 && x + half <= ChartPainter.WIDTH, "'" + s + "' from " + (x - half) + " to "
                        + (x + half));
            }
        }
        assertTrue(titleSeen);
        assertTrue(lines >= 2, "the subtitle is wider than the canvas: wrapped, " + lines + " line(s)");
        assertEquals(subtitle, joined.toString(), "every word once, in order");
        String svg = ChartRenderer.svg(c, true);
        assertTrue(Double.parseDouble(attribute(svg, "stroke=\"#cccccc\"", "y")) > lastLine,
                "the plot area (its legend) starts below the subtitle's last line");
    }

    @Test
    void emptyChartsSaySo() {
        Chart empty = new Chart("t", "", "x", "y", false, List.of(new Series("a", new double[0], new double[0])));
        assertTrue(ChartRenderer.svg(empty, true).contains("no data to plot"));
        Chart log = new Chart("t", "", "x", "y", true, List.of(new Series("a", new double[] {1, 2}, new double[] {0, 10})));
        assertTrue(ChartRenderer.svg(log, true).contains(">10</text>"), "non-positive values are left out of a log axis");
    }

    @Test
    void pngIsDrawnWithTheSeriesColours() throws IOException {
        byte[] png = ChartRenderer.png(sample());
        BufferedImage img = ImageIO.read(new ByteArrayInputStream(png));
        assertEquals(ChartPainter.WIDTH * ChartRenderer.PNG_SCALE, img.getWidth());
        assertEquals(ChartPainter.HEIGHT * ChartRenderer.PNG_SCALE, img.getHeight());
        int first = Integer.parseInt(ChartPainter.COLORS[0].substring(1), 16);
        int second = Integer.parseInt(ChartPainter.COLORS[1].substring(1), 16);
        int a = 0;
        int b = 0;
        for (int y = 0; y < img.getHeight(); y++) {
            for (int x = 0; x < img.getWidth(); x++) {
                int rgb = img.getRGB(x, y) & 0xFFFFFF;
                a += rgb == first ? 1 : 0;
                b += rgb == second ? 1 : 0;
            }
        }
        assertTrue(a > 500 && b > 500, "both series are drawn: " + a + ", " + b + " pixels");
    }
}
