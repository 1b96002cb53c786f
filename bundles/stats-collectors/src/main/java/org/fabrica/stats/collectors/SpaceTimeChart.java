package org.fabrica.stats.collectors;

import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import javax.imageio.ImageIO;
import org.fabrica.stats.CsvWriter;

/**
 * A recorded space-time chart (docs/studies/spth.md, "Space-time charts"): for every sampled
 * cycle (a row) and every buffer of every line (a cell), the mask of busy VCs (bit v set when VC
 * v was busy). Immutable.
 *
 * <p><b>PNG</b>: each sampled cycle is one row of pixels, top to bottom in time; each buffer is
 * a cell {@code cellPixels} wide; the lines (E, W, N, S) are laid side by side, separated by a
 * {@value #GAP}-pixel grey band. A cell is black when no VC is busy; busy VCs add their colour:
 * red VC 0, green VC 1, blue VC 2 (so VC 0 and 1 busy together show yellow, all three white).
 * VCs above 2 are not drawn (the CSV has them).
 *
 * <p><b>CSV</b>: a header {@code cycle,E0,E1,...,W0,...}, then one row per sampled cycle with the
 * busy mask of every cell as a decimal number.
 */
public final class SpaceTimeChart {
    /** Width in pixels of the grey band between two lines. */
    public static final int GAP = 2;
    /** Colour of the band between lines. */
    public static final int GAP_RGB = 0x808080;
    /** Colour of VC 0, 1 and 2 when busy. */
    static final int[] VC_RGB = {0xFF0000, 0x00FF00, 0x0000FF};

    private final String[] labels;
    private final int[] widths;
    private final int[] offsets;
    private final int cells;
    private final int vcs;
    private final int margin;
    private final long[] cycles;
    private final int[] masks;

    SpaceTimeChart(String[] labels, int[] widths, int vcs, int margin, long[] cycles, int[] masks) {
        this.labels = labels.clone();
        this.widths = widths.clone();
        this.offsets = new int[widths.length];
        int c = 0;
        for (int i = 0; i < widths.length; i++) {
            offsets[i] = c;
            c += widths[i];
        }
        this.cells = c;
        this.vcs = vcs;
        this.margin = margin;
        this.cycles = cycles.clone();
        this.masks = masks.clone();
    }

    /** Sampled cycles (rows). */
    public int samples() {
        return cycles.length;
    }

    /** The cycle of a row. */
    public long cycle(int sample) {
        return cycles[sample];
    }

    /** Number of lines (charts side by side). */
    public int lines() {
        return labels.length;
    }

    /** Label of a line, e.g. E. */
    public String label(int line) {
        return labels[line];
    }

    /** Cells (buffers) of a line. */
    public int cells(int line) {
        return widths[line];
    }

    /** VCs per buffer. */
    public int vcs() {
        return vcs;
    }

    /** The margin used to decide busy. */
    public int margin() {
        return margin;
    }

    /** Busy mask of a cell at a sampled cycle: bit v set when VC v was busy. */
    public int busyMask(int sample, int line, int cell) {
        if (cell < 0 || cell >= widths[line]) {
            throw new IndexOutOfBoundsException("cell " + cell + " of line " + labels[line] + " (" + widths[line] + " cells)");
        }
        return masks[sample * cells + offsets[line] + cell];
    }

    /** Number of busy (cell, VC) pairs over the whole chart. */
    public long busyCount() {
        long n = 0;
        for (int m : masks) {
            n += Integer.bitCount(m);
        }
        return n;
    }

    /** Width of the PNG in pixels for a cell width. */
    public int pngWidth(int cellPixels) {
        return cells * cellPixels + (labels.length - 1) * GAP;
    }

    /** The x pixel of the left edge of a cell in the PNG. */
    public int pngX(int line, int cell, int cellPixels) {
        return (offsets[line] + cell) * cellPixels + line * GAP;
    }

    /**
     * The chart as a PNG image (see the class comment).
     *
     * @param cellPixels width of a cell in pixels, at least 1
     */
    public byte[] png(int cellPixels) {
        if (cellPixels < 1) {
            throw new IllegalArgumentException("cellPixels = " + cellPixels + "; use at least 1");
        }
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
        int width = pngWidth(cellPixels);
        int height = Math.max(1, cycles.length);
        BufferedImage img = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        int[] row = new int[width];
        for (int s = 0; s < cycles.length; s++) {
            java.util.Arrays.fill(row, GAP_RGB);
            for (int l = 0; l < labels.length; l++) {
                for (int c = 0; c < widths[l]; c++) {
                    int mask = masks[s * cells + offsets[l] + c];
                    int rgb = 0;
                    for (int v = 0; v < VC_RGB.length; v++) {
                        if ((mask & (1 << v)) != 0) {
                            rgb |= VC_RGB[v];
                        }
                    }
                    int x = pngX(l, c, cellPixels);
                    java.util.Arrays.fill(row, x, x + cellPixels, rgb);
                }
            }
            img.setRGB(0, s, width, 1, row, 0, width);
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(16 * 1024);
        try {
            if (!ImageIO.write(img, "png", out)) {
                throw new IllegalStateException("this Java runtime has no PNG writer");
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    /**
     * The chart as a figure people can read without the class comment: an SVG holding the PNG
     * (pixel for pixel) with a title, the name of each line above its cells and the buffer index
     * below, the cycle of the rows on a time axis down the left side, and a legend of the colours.
     * Text is SVG text, drawn by whatever shows the figure (no fonts needed here).
     *
     * @param cellPixels width of a cell in pixels, at least 1
     * @param title the figure's title (e.g. the point id)
     */
    public String svg(int cellPixels, String title) {
        byte[] png = png(cellPixels);
        int w = pngWidth(cellPixels);
        int h = Math.max(1, cycles.length);
        int left = 78;
        int top = 58;
        int right = 170;
        int bottom = 44;
        int width = left + w + right;
        int height = top + h + bottom;
        StringBuilder s = new StringBuilder();
        s.append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"").append(width).append("\" height=\"").append(height)
                .append("\" viewBox=\"0 0 ").append(width).append(' ').append(height)
                .append("\" font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\">\n");
        s.append("<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n");
        s.append(text(left, 20, 15, "start", "bold", title));
        s.append(text(left, 38, 11, "start", "normal", "each row is a sampled cycle (time runs down); each cell a buffer, "
                + "coloured by its busy VCs"));
        s.append("<image x=\"").append(left).append("\" y=\"").append(top).append("\" width=\"").append(w)
                .append("\" height=\"").append(h).append("\" style=\"image-rendering:pixelated\" href=\"data:image/png;base64,")
                .append(java.util.Base64.getEncoder().encodeToString(png)).append("\"/>\n");
        // the lines, named above their cells, with their first and last buffer index below
        for (int l = 0; l < labels.length; l++) {
            int x0 = left + pngX(l, 0, cellPixels);
            int x1 = x0 + widths[l] * cellPixels;
            s.append(text((x0 + x1) / 2.0, top - 6, 12, "middle", "bold", labels[l]));
            s.append(text(x0, top + h + 14, 10, "start", "normal", "0"));
            if (widths[l] > 1) {
                s.append(text(x1, top + h + 14, 10, "end", "normal", Integer.toString(widths[l] - 1)));
            }
        }
        s.append(text(left + w / 2.0, top + h + 34, 11, "middle", "normal", "buffer along each line"));
        // the time axis: about six ticks at sampled rows, labelled with their cycle
        s.append("<line x1=\"").append(left - 1).append("\" y1=\"").append(top).append("\" x2=\"").append(left - 1)
                .append("\" y2=\"").append(top + h).append("\" stroke=\"#444444\"/>\n");
        int ticks = Math.min(6, cycles.length);
        for (int i = 0; i < ticks; i++) {
            int row = ticks == 1 ? 0 : (int) Math.round((double) i * (cycles.length - 1) / (ticks - 1));
            int y = top + row;
            s.append("<line x1=\"").append(left - 6).append("\" y1=\"").append(y).append("\" x2=\"").append(left - 1)
                    .append("\" y2=\"").append(y).append("\" stroke=\"#444444\"/>\n");
            s.append(text(left - 9, y + 4, 10, "end", "normal", Long.toString(cycles[row])));
        }
        s.append("<text x=\"16\" y=\"").append(top + h / 2).append("\" font-size=\"11\" text-anchor=\"middle\" "
                + "transform=\"rotate(-90 16 ").append(top + h / 2).append(")\">cycle</text>\n");
        // the legend: what each colour means
        int lx = left + w + 18;
        int ly = top;
        java.util.List<String[]> keys = new ArrayList<>();
        keys.add(new String[] {"#000000", "no VC busy"});
        String[] primaries = {"#ff0000", "#00ff00", "#0000ff"};
        for (int v = 0; v < Math.min(vcs, VC_RGB.length); v++) {
            keys.add(new String[] {primaries[v], "VC " + v + " busy"});
        }
        if (vcs >= 2) {
            keys.add(new String[] {"#ffff00", "VC 0 and 1 (colours add)"});
        }
        if (vcs >= 3) {
            keys.add(new String[] {"#ffffff", "VC 0, 1 and 2"});
        }
        for (int i = 0; i < keys.size(); i++) {
            int y = ly + 18 * i;
            s.append("<rect x=\"").append(lx).append("\" y=\"").append(y).append("\" width=\"12\" height=\"12\" fill=\"")
                    .append(keys.get(i)[0]).append("\" stroke=\"#888888\"/>\n");
            s.append(text(lx + 18, y + 10, 11, "start", "normal", keys.get(i)[1]));
        }
        s.append(text(lx, ly + 18 * 6 + 10, 10, "start", "normal", "busy: at most " + margin + " free flit slot(s)"));
        if (vcs > VC_RGB.length) {
            s.append(text(lx, ly + 18 * 6 + 26, 10, "start", "normal", "VCs above 2: in the CSV only"));
        }
        s.append("</svg>\n");
        return s.toString();
    }

    private static String text(double x, double y, int size, String anchor, String weight, String t) {
        String e = t.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
        return "<text x=\"" + Math.round(x) + "\" y=\"" + Math.round(y) + "\" font-size=\"" + size + "\" text-anchor=\""
                + anchor + "\" font-weight=\"" + weight + "\">" + e + "</text>\n";
    }

    /** The raw matrix as CSV (see the class comment), LF line ends. */
    public String csv() {
        List<String> header = new ArrayList<>(1 + cells);
        header.add("cycle");
        for (int l = 0; l < labels.length; l++) {
            for (int c = 0; c < widths[l]; c++) {
                header.add(labels[l] + c);
            }
        }
        CsvWriter csv = new CsvWriter("space-time chart", CsvWriter.LineEnd.LF, header);
        for (int s = 0; s < cycles.length; s++) {
            csv.field(cycles[s]);
            for (int i = 0; i < cells; i++) {
                csv.field(masks[s * cells + i]);
            }
            csv.endRecord();
        }
        return csv.text();
    }
}
