package org.fabrica.plot;

import java.awt.Font;
import java.awt.font.FontRenderContext;
import java.awt.geom.AffineTransform;

/**
 * Text widths from the JDK's sans-serif font, used by both canvases for layout. Falls back to an
 * average character width when the JDK has no usable font (a bare headless system).
 */
final class TextMetrics {
    static final String FONT_FAMILY = "SansSerif";
    private static final FontRenderContext CONTEXT = new FontRenderContext(new AffineTransform(), true, true);

    static {
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
    }

    private TextMetrics() {
    }

    static double width(String s, double size, boolean bold) {
        try {
            Font f = new Font(FONT_FAMILY, bold ? Font.BOLD : Font.PLAIN, 1).deriveFont((float) size);
            return f.getStringBounds(s, CONTEXT).getWidth();
        } catch (RuntimeException | LinkageError | InternalError e) { // no font configuration here
            return s.length() * size * (bold ? 0.62 : 0.56);
        }
    }
}
