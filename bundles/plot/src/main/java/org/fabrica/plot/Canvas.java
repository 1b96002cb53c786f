package org.fabrica.plot;

/**
 * The drawing operations a chart needs, in pixels with the origin at the top left. Colours are
 * {@code #rrggbb}. Implemented for SVG text and for Java2D images.
 */
interface Canvas {
    void rect(double x, double y, double w, double h, String fill, String stroke, double strokeWidth, double fillOpacity);

    void line(double x1, double y1, double x2, double y2, String color, double width, boolean dashed);

    void polyline(double[] xs, double[] ys, int n, String color, double width, boolean dashed);

    void polygon(double[] xs, double[] ys, int n, String fill, String stroke, double strokeWidth);

    void circle(double cx, double cy, double r, String fill, String stroke, double strokeWidth);

    /**
     * Text with its baseline at y. Anchor: 's' start, 'm' middle, 'e' end. When vertical, the
     * text is rotated 90 degrees counter-clockwise around (x, y).
     */
    void text(String s, double x, double y, double size, char anchor, boolean bold, String color, boolean vertical);

    /** Width of text in pixels (the same measure for every canvas, so layouts agree). */
    default double textWidth(String s, double size, boolean bold) {
        return TextMetrics.width(s, size, bold);
    }
}
