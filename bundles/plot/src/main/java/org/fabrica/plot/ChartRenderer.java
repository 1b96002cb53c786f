package org.fabrica.plot;

import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import javax.imageio.ImageIO;

/** Renders charts to SVG text and PNG bytes through the one {@link ChartPainter}. */
public final class ChartRenderer {
    /** PNG pixels per chart pixel, for sharp images on high-density screens and in print. */
    static final int PNG_SCALE = 2;

    private ChartRenderer() {
    }

    /**
     * SVG of a chart.
     *
     * @param standalone true for an .svg file (XML declaration and namespace), false to inline it in HTML
     */
    public static String svg(Chart chart, boolean standalone) {
        SvgCanvas c = new SvgCanvas();
        ChartPainter.paint(chart, c);
        return c.document(chart.title(), standalone);
    }

    /** PNG of a chart, rendered headless with Java2D. */
    public static byte[] png(Chart chart) {
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
        BufferedImage img = new BufferedImage(ChartPainter.WIDTH * PNG_SCALE, ChartPainter.HEIGHT * PNG_SCALE,
                BufferedImage.TYPE_INT_RGB);
        Graphics2D g = img.createGraphics();
        try {
            g.scale(PNG_SCALE, PNG_SCALE);
            ChartPainter.paint(chart, new Java2dCanvas(g));
        } finally {
            g.dispose();
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(64 * 1024);
        // Encode in memory: ImageIO's disk cache registers a shutdown hook, which fails while the
        // launcher is stopping on SIGTERM and would lose the plot of the last finished points.
        ImageIO.setUseCache(false);
        try {
            if (!ImageIO.write(img, "png", out)) {
                throw new IllegalStateException("this Java runtime has no PNG writer");
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }
}
