package org.fabrica.plot;

import java.awt.AlphaComposite;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.AffineTransform;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Line2D;
import java.awt.geom.Path2D;
import java.awt.geom.Rectangle2D;

/** Draws onto a Java2D graphics context (an image for PNG files). */
final class Java2dCanvas implements Canvas {
    private final Graphics2D g;

    Java2dCanvas(Graphics2D g) {
        this.g = g;
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_STROKE_CONTROL, RenderingHints.VALUE_STROKE_PURE);
        g.setRenderingHint(RenderingHints.KEY_FRACTIONALMETRICS, RenderingHints.VALUE_FRACTIONALMETRICS_ON);
        g.setRenderingHint(RenderingHints.KEY_RENDERING, RenderingHints.VALUE_RENDER_QUALITY);
    }

    @Override
    public void rect(double x, double y, double w, double h, String fill, String stroke, double strokeWidth,
            double fillOpacity) {
        Rectangle2D r = new Rectangle2D.Double(x, y, w, h);
        if (fill != null) {
            java.awt.Composite old = g.getComposite();
            if (fillOpacity < 1) {
                g.setComposite(AlphaComposite.getInstance(AlphaComposite.SRC_OVER, (float) fillOpacity));
            }
            g.setColor(color(fill));
            g.fill(r);
            g.setComposite(old);
        }
        if (stroke != null) {
            g.setColor(color(stroke));
            g.setStroke(new BasicStroke((float) strokeWidth));
            g.draw(r);
        }
    }

    @Override
    public void line(double x1, double y1, double x2, double y2, String color, double width, boolean dashed) {
        g.setColor(color(color));
        g.setStroke(dashed ? new BasicStroke((float) width, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10,
                new float[] {4, 3}, 0) : new BasicStroke((float) width));
        g.draw(new Line2D.Double(x1, y1, x2, y2));
    }

    @Override
    public void polyline(double[] xs, double[] ys, int n, String color, double width, boolean dashed) {
        Path2D.Double p = new Path2D.Double();
        p.moveTo(xs[0], ys[0]);
        for (int i = 1; i < n; i++) {
            p.lineTo(xs[i], ys[i]);
        }
        g.setColor(color(color));
        g.setStroke(dashed ? new BasicStroke((float) width, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND, 10,
                new float[] {7, 5}, 0) : new BasicStroke((float) width, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND));
        g.draw(p);
    }

    @Override
    public void polygon(double[] xs, double[] ys, int n, String fill, String stroke, double strokeWidth) {
        Path2D.Double p = new Path2D.Double();
        p.moveTo(xs[0], ys[0]);
        for (int i = 1; i < n; i++) {
            p.lineTo(xs[i], ys[i]);
        }
        p.closePath();
        g.setColor(color(fill));
        g.fill(p);
        g.setColor(color(stroke));
        g.setStroke(new BasicStroke((float) strokeWidth));
        g.draw(p);
    }

    @Override
    public void circle(double cx, double cy, double r, String fill, String stroke, double strokeWidth) {
        Ellipse2D e = new Ellipse2D.Double(cx - r, cy - r, 2 * r, 2 * r);
        g.setColor(color(fill));
        g.fill(e);
        g.setColor(color(stroke));
        g.setStroke(new BasicStroke((float) strokeWidth));
        g.draw(e);
    }

    @Override
    public void text(String s, double x, double y, double size, char anchor, boolean bold, String color,
            boolean vertical) {
        Font f = new Font(TextMetrics.FONT_FAMILY, bold ? Font.BOLD : Font.PLAIN, 1).deriveFont((float) size);
        double w = textWidth(s, size, bold);
        double dx = anchor == 'm' ? -w / 2 : anchor == 'e' ? -w : 0;
        AffineTransform old = g.getTransform();
        g.translate(x, y);
        if (vertical) {
            g.rotate(-Math.PI / 2);
        }
        g.setFont(f);
        g.setColor(color(color));
        g.drawString(s, (float) dx, 0f);
        g.setTransform(old);
    }

    private static Color color(String hex) {
        return new Color(Integer.parseInt(hex.substring(1), 16));
    }
}
