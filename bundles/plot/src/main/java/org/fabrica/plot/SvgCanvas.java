package org.fabrica.plot;

import java.util.Locale;

/** Writes drawing operations as SVG elements. */
final class SvgCanvas implements Canvas {
    private final StringBuilder out = new StringBuilder(16_384);

    @Override
    public void rect(double x, double y, double w, double h, String fill, String stroke, double strokeWidth,
            double fillOpacity) {
        out.append("<rect x=\"").append(n(x)).append("\" y=\"").append(n(y)).append("\" width=\"").append(n(w))
                .append("\" height=\"").append(n(h)).append("\" fill=\"").append(fill == null ? "none" : fill).append('"');
        if (fillOpacity < 1) {
            out.append(" fill-opacity=\"").append(n(fillOpacity)).append('"');
        }
        if (stroke != null) {
            out.append(" stroke=\"").append(stroke).append("\" stroke-width=\"").append(n(strokeWidth)).append('"');
        }
        out.append("/>\n");
    }

    @Override
    public void line(double x1, double y1, double x2, double y2, String color, double width, boolean dashed) {
        out.append("<line x1=\"").append(n(x1)).append("\" y1=\"").append(n(y1)).append("\" x2=\"").append(n(x2))
                .append("\" y2=\"").append(n(y2)).append("\" stroke=\"").append(color).append("\" stroke-width=\"")
                .append(n(width)).append('"');
        if (dashed) {
            out.append(" stroke-dasharray=\"4 3\"");
        }
        out.append("/>\n");
    }

    @Override
    public void polyline(double[] xs, double[] ys, int count, String color, double width, boolean dashed) {
        out.append("<polyline fill=\"none\" stroke=\"").append(color).append("\" stroke-width=\"").append(n(width))
                .append("\" stroke-linejoin=\"round\" stroke-linecap=\"round\"")
                .append(dashed ? " stroke-dasharray=\"7 5\"" : "").append(" points=\"");
        points(xs, ys, count);
        out.append("\"/>\n");
    }

    @Override
    public void polygon(double[] xs, double[] ys, int count, String fill, String stroke, double strokeWidth) {
        out.append("<polygon fill=\"").append(fill).append("\" stroke=\"").append(stroke).append("\" stroke-width=\"")
                .append(n(strokeWidth)).append("\" points=\"");
        points(xs, ys, count);
        out.append("\"/>\n");
    }

    @Override
    public void circle(double cx, double cy, double r, String fill, String stroke, double strokeWidth) {
        out.append("<circle cx=\"").append(n(cx)).append("\" cy=\"").append(n(cy)).append("\" r=\"").append(n(r))
                .append("\" fill=\"").append(fill).append("\" stroke=\"").append(stroke).append("\" stroke-width=\"")
                .append(n(strokeWidth)).append("\"/>\n");
    }

    @Override
    public void text(String s, double x, double y, double size, char anchor, boolean bold, String color,
            boolean vertical) {
        out.append("<text x=\"").append(n(x)).append("\" y=\"").append(n(y)).append("\" font-size=\"").append(n(size))
                .append("\" fill=\"").append(color).append('"');
        if (anchor != 's') {
            out.append(" text-anchor=\"").append(anchor == 'm' ? "middle" : "end").append('"');
        }
        if (bold) {
            out.append(" font-weight=\"bold\"");
        }
        if (vertical) {
            out.append(" transform=\"rotate(-90 ").append(n(x)).append(' ').append(n(y)).append(")\"");
        }
        out.append('>').append(Markup.escape(s)).append("</text>\n");
    }

    private void points(double[] xs, double[] ys, int count) {
        for (int i = 0; i < count; i++) {
            if (i > 0) {
                out.append(' ');
            }
            out.append(n(xs[i])).append(',').append(n(ys[i]));
        }
    }

    /**
     * The document. A standalone file carries the SVG namespace; inline SVG in HTML5 needs none
     * (so the report holds no URL at all).
     */
    String document(String title, boolean standalone) {
        StringBuilder sb = new StringBuilder(out.length() + 512);
        if (standalone) {
            sb.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        }
        sb.append("<svg");
        if (standalone) {
            sb.append(" xmlns=\"http://www.w3.org/2000/svg\"");
        }
        sb.append(" width=\"").append(ChartPainter.WIDTH).append("\" height=\"").append(ChartPainter.HEIGHT)
                .append("\" viewBox=\"0 0 ").append(ChartPainter.WIDTH).append(' ').append(ChartPainter.HEIGHT)
                .append("\" role=\"img\" font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\">\n");
        sb.append("<title>").append(Markup.escape(title)).append("</title>\n");
        sb.append(out);
        sb.append("</svg>\n");
        return sb.toString();
    }

    private static String n(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e9) {
            return Long.toString((long) v);
        }
        return String.format(Locale.ROOT, "%.2f", v);
    }
}
