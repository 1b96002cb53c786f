package org.fabrica.plot;

import java.util.ArrayList;
import java.util.List;

/**
 * Paints a {@link Chart} onto a {@link Canvas}: title, grid, axes with nice ticks, one coloured
 * line with markers per series (or, for a bar chart, one coloured bar per series in each category
 * group), and a legend. The only plotting code; SVG and PNG output differ
 * only in their canvas.
 */
final class ChartPainter {
    /** Width and height of a chart in pixels (CSS pixels for SVG). */
    static final int WIDTH = 720;
    static final int HEIGHT = 450;

    /** Okabe and Ito's colour-blind safe palette (yellow left out: too light on white). */
    static final String[] COLORS = {"#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000",
        "#8C564B"};
    static final int MARKERS = 6;

    private static final String TEXT = "#222222";
    private static final String MUTED = "#555555";
    private static final String GRID = "#e3e3e3";
    private static final String MINOR_GRID = "#f1f1f1";
    private static final String AXIS = "#444444";
    private static final String IDENTITY = "#888888";
    private static final String IDENTITY_LABEL = "y = x";

    private ChartPainter() {
    }

    static void paint(Chart chart, Canvas c) {
        c.rect(0, 0, WIDTH, HEIGHT, "#ffffff", null, 0, 1);
        if (chart.bars()) {
            paintBars(chart, c);
            return;
        }

        double[] xr = range(chart, true);
        double[] yr = range(chart, false);
        boolean empty = Double.isNaN(xr[0]);
        if (chart.identityLine() && !empty && !chart.logY()) {
            // y = x runs corner to corner when both axes cover the same range
            double lo = Math.min(xr[0], yr[0]);
            double hi = Math.max(xr[1], yr[1]);
            xr = new double[] {lo, hi};
            yr = xr;
        }
        // the axes start where the data does (nice ticks round them out), with a little headroom so
        // that no marker sits on the frame
        AxisScale xs = AxisScale.linear(empty ? 0 : padLow(xr[0], xr[1]), empty ? 1 : pad(xr[0], xr[1]), 7);
        AxisScale ys = chart.logY() ? AxisScale.logarithmic(empty ? 1 : yr[0], empty ? 10 : yr[1] * 1.05)
                : AxisScale.linear(empty ? 0 : padLow(yr[0], yr[1]), empty ? 1 : pad(yr[0], yr[1]), 6);
        if (chart.identityLine() && !empty && !chart.logY()) {
            AxisScale both = AxisScale.linear(Math.min(xs.min(), ys.min()), Math.max(xs.max(), ys.max()), 7);
            xs = both;
            ys = both;
        }

        double tickFont = TICK_FONT;
        Frame frame = frame(c, chart, ys);
        double top = frame.top();
        double left = frame.left();
        double right = frame.right();
        double bottom = frame.bottom();
        double pw = right - left;
        double ph = bottom - top;


        // grid
        if (ys.log()) {
            for (int i = 0; i + 1 < ys.ticks().size(); i++) {
                double d = ys.ticks().get(i);
                for (int m = 2; m <= 9; m++) {
                    double y = bottom - ys.fraction(d * m) * ph;
                    c.line(left, y, right, y, MINOR_GRID, 1, false);
                }
            }
        }
        for (double t : ys.ticks()) {
            double y = bottom - ys.fraction(t) * ph;
            c.line(left, y, right, y, GRID, 1, false);
            c.line(left - 5, y, left, y, AXIS, 1, false);
            c.text(ys.label(t), left - 8, y + 4, tickFont, 'e', false, TEXT, false);
        }
        for (double t : xs.ticks()) {
            double x = left + xs.fraction(t) * pw;
            c.line(x, top, x, bottom, GRID, 1, false);
            c.line(x, bottom, x, bottom + 5, AXIS, 1, false);
            c.text(xs.label(t), x, bottom + 18, tickFont, 'm', false, TEXT, false);
        }
        c.line(left, top, left, bottom, AXIS, 1.2, false);
        c.line(left, bottom, right, bottom, AXIS, 1.2, false);
        c.text(chart.xLabel(), left + pw / 2, HEIGHT - 14, 12.5, 'm', false, TEXT, false);
        c.text(chart.yLabel(), 20, top + ph / 2, 12.5, 'm', false, TEXT, true);

        if (empty) {
            c.text("no data to plot", left + pw / 2, top + ph / 2, 14, 'm', false, MUTED, false);
            return;
        }

        List<double[]> drawn = new ArrayList<>(); // every plotted point, to keep the legend off them
        if (chart.identityLine() && !chart.logY()) {
            double lo = Math.max(xs.min(), ys.min());
            double hi = Math.min(xs.max(), ys.max());
            double x1 = left + xs.fraction(lo) * pw;
            double y1 = bottom - ys.fraction(lo) * ph;
            double x2 = left + xs.fraction(hi) * pw;
            double y2 = bottom - ys.fraction(hi) * ph;
            c.line(x1, y1, x2, y2, IDENTITY, 1.2, true);
            for (int i = 0; i <= 20; i++) {
                drawn.add(new double[] {x1 + (x2 - x1) * i / 20, y1 + (y2 - y1) * i / 20});
            }
        }
        // series
        for (int s = 0; s < chart.series().size(); s++) {
            Series series = chart.series().get(s);
            int style = series.style() >= 0 ? series.style() : s;
            String color = COLORS[style % COLORS.length];
            int[] order = byX(series, chart.logY());
            double[] px = new double[order.length];
            double[] py = new double[order.length];
            for (int i = 0; i < order.length; i++) {
                px[i] = left + xs.fraction(series.xAt(order[i])) * pw;
                py[i] = bottom - ys.fraction(series.yAt(order[i])) * ph;
            }
            if (series.errorBars()) {
                for (int i = 0; i < order.length; i++) {
                    double lo = series.lowAt(order[i]);
                    double hi = series.highAt(order[i]);
                    if (Double.isFinite(lo) && Double.isFinite(hi) && (!chart.logY() || lo > 0)) {
                        double ylo = bottom - ys.fraction(lo) * ph;
                        double yhi = bottom - ys.fraction(hi) * ph;
                        c.line(px[i], ylo, px[i], yhi, color, 1.2, false);
                        c.line(px[i] - 3, ylo, px[i] + 3, ylo, color, 1.2, false);
                        c.line(px[i] - 3, yhi, px[i] + 3, yhi, color, 1.2, false);
                        drawn.add(new double[] {px[i], ylo});
                        drawn.add(new double[] {px[i], yhi});
                    }
                }
            }
            if (order.length > 1) {
                c.polyline(px, py, order.length, color, 2, series.dashed());
            }
            for (int i = 0; i < order.length; i++) {
                drawn.add(new double[] {px[i], py[i]});
                if (i + 1 < order.length) {
                    for (int k = 1; k < 8; k++) { // samples along the segment
                        drawn.add(new double[] {px[i] + (px[i + 1] - px[i]) * k / 8, py[i] + (py[i + 1] - py[i]) * k / 8});
                    }
                }
            }
            if (chart.markers() || order.length == 1) {
                for (int i = 0; i < order.length; i++) {
                    marker(c, style % MARKERS, px[i], py[i], 4, color);
                }
            }
        }
        legend(c, chart, left, right, top, bottom, drawn);
    }

    /**
     * A grouped bar chart: the ordinate from 0 (or the smallest value when negative) with nice
     * ticks, the categories along the abscissa, one bar per series in each group.
     */
    private static void paintBars(Chart chart, Canvas c) {
        double[] yr = range(chart, false);
        boolean empty = Double.isNaN(yr[0]);
        double lo = empty ? 0 : Math.min(0, yr[0]);
        // headroom above the tallest bar for the legend, drawn at the top left
        double hi = empty ? 1 : Math.max(yr[1], lo + 1e-9);
        AxisScale ys = AxisScale.linear(lo, hi + (hi - lo) * 0.35, 6);
        double tickFont = TICK_FONT;
        Frame frame = frame(c, chart, ys);
        double top = frame.top();
        double left = frame.left();
        double right = frame.right();
        double bottom = frame.bottom();
        double pw = right - left;
        double ph = bottom - top;
        for (double t : ys.ticks()) {
            double y = bottom - ys.fraction(t) * ph;
            c.line(left, y, right, y, GRID, 1, false);
            c.line(left - 5, y, left, y, AXIS, 1, false);
            c.text(ys.label(t), left - 8, y + 4, tickFont, 'e', false, TEXT, false);
        }
        int groups = chart.categories().size();
        int bars = chart.series().size();
        double group = pw / groups;
        double bar = group * 0.8 / Math.max(1, bars);
        double zero = bottom - ys.fraction(Math.max(lo, 0)) * ph;
        for (int g = 0; g < groups; g++) {
            double x0 = left + g * group + group * 0.1;
            c.text(chart.categories().get(g), left + g * group + group / 2, bottom + 18, tickFont, 'm', false, TEXT,
                    false);
            for (int s = 0; s < bars; s++) {
                Series series = chart.series().get(s);
                double v = series.yAt(g);
                if (!Double.isFinite(v)) {
                    continue;
                }
                int style = series.style() >= 0 ? series.style() : s;
                double y = bottom - ys.fraction(v) * ph;
                c.rect(x0 + s * bar, Math.min(y, zero), bar * 0.92, Math.abs(zero - y),
                        COLORS[style % COLORS.length], null, 0, 1);
            }
        }
        c.line(left, top, left, bottom, AXIS, 1.2, false);
        c.line(left, bottom, right, bottom, AXIS, 1.2, false);
        c.text(chart.xLabel(), left + pw / 2, HEIGHT - 14, 12.5, 'm', false, TEXT, false);
        c.text(chart.yLabel(), 20, top + ph / 2, 12.5, 'm', false, TEXT, true);
        if (empty) {
            c.text("no data to plot", left + pw / 2, top + ph / 2, 14, 'm', false, MUTED, false);
            return;
        }
        legend(c, chart, left, right, top, bottom, List.of());
    }

    /**
     * The legend, in the corner of the plot area where it covers the fewest of the {@code drawn}
     * points (top left, top right, bottom right, bottom left on a tie).
     */
    private static void legend(Canvas c, Chart chart, double left, double right, double top, double bottom,
            List<double[]> drawn) {
        if (chart.series().isEmpty()) {
            return;
        }
        double font = 12;
        double row = 18;
        double maxText = 0;
        for (Series s : chart.series()) {
            maxText = Math.max(maxText, c.textWidth(s.label(), font, false));
        }
        boolean identity = chart.identityLine() && !chart.logY() && !chart.bars();
        if (identity) {
            maxText = Math.max(maxText, c.textWidth(IDENTITY_LABEL, font, false));
        }
        int rows = chart.series().size() + (identity ? 1 : 0);
        double w = 10 + 26 + 8 + maxText + 10;
        double h = 8 + row * rows + 4;
        double[][] corners = {{left + 10, top + 10}, {right - 10 - w, top + 10}, {right - 10 - w, bottom - 10 - h},
            {left + 10, bottom - 10 - h}};
        double x0 = corners[0][0];
        double y0 = corners[0][1];
        int best = Integer.MAX_VALUE;
        for (double[] corner : corners) {
            int covered = 0;
            for (double[] p : drawn) {
                if (p[0] >= corner[0] - 4 && p[0] <= corner[0] + w + 4 && p[1] >= corner[1] - 4 && p[1] <= corner[1] + h + 4) {
                    covered++;
                }
            }
            if (covered < best) {
                best = covered;
                x0 = corner[0];
                y0 = corner[1];
            }
        }
        c.rect(x0, y0, w, h, "#ffffff", "#cccccc", 1, 0.9);
        if (identity) {
            double y = y0 + 8 + row * chart.series().size() + row / 2;
            c.line(x0 + 10, y, x0 + 36, y, IDENTITY, 1.2, true);
            c.text(IDENTITY_LABEL, x0 + 44, y + 4, font, 's', false, TEXT, false);
        }
        for (int s = 0; s < chart.series().size(); s++) {
            int style = chart.series().get(s).style() >= 0 ? chart.series().get(s).style() : s;
            String color = COLORS[style % COLORS.length];
            double y = y0 + 8 + row * s + row / 2;
            if (chart.bars()) {
                c.rect(x0 + 14, y - 5, 18, 10, color, null, 0, 1);
            } else if (chart.series().get(s).dashed()) {
                // drawn as the curve is, so the sample has the curve's dashes (a line's are the identity line's)
                c.polyline(new double[] {x0 + 10, x0 + 36}, new double[] {y, y}, 2, color, 2, true);
            } else {
                c.line(x0 + 10, y, x0 + 36, y, color, 2, false);
            }
            if (chart.markers()) {
                marker(c, style % MARKERS, x0 + 23, y, 4, color);
            }
            c.text(chart.series().get(s).label(), x0 + 44, y + 4, font, 's', false, TEXT, false);
        }
    }

    private static double pad(double lo, double hi) {
        return hi + (hi - lo) * 0.03;
    }

    /** The lower end with the same headroom, not crossing 0 when the data does not. */
    private static double padLow(double lo, double hi) {
        double p = lo - (hi - lo) * 0.03;
        return lo >= 0 && p < 0 ? 0 : p;
    }

    /** Marker shapes: circle, square, triangle up, diamond, triangle down, hexagon. */
    static void marker(Canvas c, int shape, double x, double y, double r, String color) {
        String outline = "#ffffff";
        switch (shape) {
            case 0 -> c.circle(x, y, r, color, outline, 1);
            case 1 -> poly(c, x, y, new double[] {-0.9, 0.9, 0.9, -0.9}, new double[] {-0.9, -0.9, 0.9, 0.9}, r, color);
            case 2 -> poly(c, x, y, new double[] {0, 1.15, -1.15}, new double[] {-1.25, 0.85, 0.85}, r, color);
            case 3 -> poly(c, x, y, new double[] {0, 1.25, 0, -1.25}, new double[] {-1.25, 0, 1.25, 0}, r, color);
            case 4 -> poly(c, x, y, new double[] {0, 1.15, -1.15}, new double[] {1.25, -0.85, -0.85}, r, color);
            default -> {
                double[] hx = new double[6];
                double[] hy = new double[6];
                for (int i = 0; i < 6; i++) {
                    hx[i] = 1.1 * Math.cos(Math.PI / 3 * i);
                    hy[i] = 1.1 * Math.sin(Math.PI / 3 * i);
                }
                poly(c, x, y, hx, hy, r, color);
            }
        }
    }

    private static void poly(Canvas c, double x, double y, double[] ux, double[] uy, double r, String color) {
        double[] xs = new double[ux.length];
        double[] ys = new double[uy.length];
        for (int i = 0; i < ux.length; i++) {
            xs[i] = x + ux[i] * r;
            ys[i] = y + uy[i] * r;
        }
        c.polygon(xs, ys, xs.length, color, "#ffffff", 1);
    }

    /** Indexes of the drawable points of a series, by increasing x. */
    private static int[] byX(Series s, boolean logY) {
        List<Integer> idx = new ArrayList<>();
        for (int i = 0; i < s.size(); i++) {
            if (drawable(s.xAt(i), s.yAt(i), logY)) {
                idx.add(i);
            }
        }
        idx.sort((a, b) -> Double.compare(s.xAt(a), s.xAt(b)));
        int[] out = new int[idx.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = idx.get(i);
        }
        return out;
    }

    private static boolean drawable(double x, double y, boolean logY) {
        return Double.isFinite(x) && Double.isFinite(y) && (!logY || y > 0);
    }

    /** [min, max] of x or y over every drawable point, NaNs when there is none. */
    private static double[] range(Chart chart, boolean x) {
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (Series s : chart.series()) {
            for (int i = 0; i < s.size(); i++) {
                if (drawable(s.xAt(i), s.yAt(i), chart.logY())) {
                    double v = x ? s.xAt(i) : s.yAt(i);
                    lo = Math.min(lo, v);
                    hi = Math.max(hi, v);
                    if (!x && s.errorBars() && Double.isFinite(s.lowAt(i)) && Double.isFinite(s.highAt(i))
                            && (!chart.logY() || s.lowAt(i) > 0)) {
                        lo = Math.min(lo, s.lowAt(i));
                        hi = Math.max(hi, s.highAt(i));
                    }
                }
            }
        }
        return lo > hi ? new double[] {Double.NaN, Double.NaN} : new double[] {lo, hi};
    }

    private static final double TICK_FONT = 11;

    /** The plot area of a chart: left and right edges, top and bottom (canvas units). */
    private record Frame(double left, double right, double top, double bottom) {
    }

    /** Lays out the plot area from the widest y tick label and draws the title and subtitle. */
    private static Frame frame(Canvas c, Chart chart, AxisScale ys) {
        double maxTick = 0;
        for (double t : ys.ticks()) {
            maxTick = Math.max(maxTick, c.textWidth(ys.label(t), TICK_FONT, false));
        }
        List<String> subtitle = wrap(c, chart.subtitle(), SUBTITLE_FONT, WIDTH - 2 * TEXT_MARGIN);
        double top = subtitle.isEmpty() ? 46 : 62 + SUBTITLE_LINE * (subtitle.size() - 1);
        Frame f = new Frame(22 + 14 + maxTick + 8, WIDTH - 24, top, HEIGHT - 54);
        // centred on the plot area, but never past the canvas's edges
        double middle = (f.left() + f.right()) / 2;
        double titleSize = Math.max(11, Math.min(16, 16 * (WIDTH - 2 * TEXT_MARGIN) / c.textWidth(chart.title(), 16, true)));
        c.text(chart.title(), centre(c, chart.title(), middle, titleSize, true), 26, titleSize, 'm', true, TEXT, false);
        for (int i = 0; i < subtitle.size(); i++) {
            String line = subtitle.get(i);
            c.text(line, centre(c, line, middle, SUBTITLE_FONT, false), 44 + SUBTITLE_LINE * i, SUBTITLE_FONT, 'm', false,
                    MUTED, false);
        }
        return f;
    }

    private static final double SUBTITLE_FONT = 12;
    private static final double SUBTITLE_LINE = 15;
    /** Space kept free between a title line and the canvas's left and right edges. */
    static final double TEXT_MARGIN = 8;

    /** The centre of a line near {@code middle} that keeps the whole line on the canvas. */
    private static double centre(Canvas c, String line, double middle, double size, boolean bold) {
        double half = c.textWidth(line, size, bold) / 2;
        return Math.max(TEXT_MARGIN + half, Math.min(WIDTH - TEXT_MARGIN - half, middle));
    }

    /**
     * Splits text into lines no wider than {@code width} at spaces (a single word wider than that
     * stays one line); empty text gives no lines.
     */
    static List<String> wrap(Canvas c, String text, double size, double width) {
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        for (String word : text.trim().split(" +")) {
            if (word.isEmpty()) {
                continue;
            }
            if (line.length() > 0 && c.textWidth(line + " " + word, size, false) > width) {
                lines.add(line.toString());
                line.setLength(0);
            }
            if (line.length() > 0) {
                line.append(' ');
            }
            line.append(word);
        }
        if (line.length() > 0) {
            lines.add(line.toString());
        }
        return lines;
    }
}
