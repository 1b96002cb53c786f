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
