package org.fabrica.traffic.trace;

/**
 * The parameters of {@link PtransGenerator} (docs/traces.md, "A block transpose").
 *
 * @param gridRows P, the rows of the process grid
 * @param gridColumns Q, its columns; the trace has P x Q ranks, rank p * Q + q at grid position (p, q)
 * @param order n, the matrix order (n x n elements); at least max(P, Q), so no block is empty
 * @param elementBytes bytes per element (8: double precision, as HPCC)
 * @param iterations transposes in a row, at least 1
 * @param computeNsPerElement compute time per element of the rank's block after each transpose
 *        (the addition of B), in ns
 * @param computeNsPerBlock compute time per iteration added to the per-element part, in ns
 * @param barrier whether each iteration starts with a barrier
 */
public record PtransParameters(int gridRows, int gridColumns, long order, int elementBytes, int iterations,
        double computeNsPerElement, long computeNsPerBlock, boolean barrier) {

    /** Bytes per element unless told: a double. */
    public static final int DOUBLE_BYTES = 8;

    public PtransParameters {
        if (gridRows < 1 || gridColumns < 1) {
            throw new IllegalArgumentException("the grid is " + gridRows + " x " + gridColumns + "; both >= 1");
        }
        if ((long) gridRows * gridColumns > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("a " + gridRows + " x " + gridColumns + " grid has too many ranks");
        }
        if (order < Math.max(gridRows, gridColumns)) {
            throw new IllegalArgumentException("matrix order " + order + " is below the grid's larger side "
                    + Math.max(gridRows, gridColumns) + ": some ranks would hold no block");
        }
        if (elementBytes < 1) {
            throw new IllegalArgumentException("elementBytes must be >= 1, not " + elementBytes);
        }
        if (iterations < 1) {
            throw new IllegalArgumentException("iterations must be >= 1, not " + iterations);
        }
        if (!(computeNsPerElement >= 0) || Double.isInfinite(computeNsPerElement)) {
            throw new IllegalArgumentException("computeNsPerElement must be finite and >= 0, not " + computeNsPerElement);
        }
        if (computeNsPerBlock < 0) {
            throw new IllegalArgumentException("computeNsPerBlock must be >= 0, not " + computeNsPerBlock);
        }
    }

    /**
     * {@code ranks} ranks on the near-square grid ({@link #nearSquareGrid}), matrix order
     * {@code order}, 8-byte elements, one iteration, no compute time, no barrier.
     */
    public static PtransParameters of(int ranks, long order) {
        int[] grid = nearSquareGrid(ranks);
        return new PtransParameters(grid[0], grid[1], order, DOUBLE_BYTES, 1, 0, 0, false);
    }

    /**
     * P x Q = {@code ranks} with P the largest divisor of {@code ranks} not above its square root,
     * so P <= Q and the grid is as square as the rank count allows (576: 24 x 24; 12: 3 x 4; a prime
     * p: 1 x p).
     */
    public static int[] nearSquareGrid(int ranks) {
        if (ranks < 1) {
            throw new IllegalArgumentException("ranks must be >= 1, not " + ranks);
        }
        int p = (int) Math.sqrt(ranks);
        while ((long) (p + 1) * (p + 1) <= ranks) {
            p++; // the double's square root may round below
        }
        while (ranks % p != 0) {
            p--;
        }
        return new int[] {p, ranks / p};
    }

    /** The number of ranks, P x Q. */
    public int ranks() {
        return gridRows * gridColumns;
    }

    public PtransParameters withGrid(int rows, int columns) {
        return new PtransParameters(rows, columns, order, elementBytes, iterations, computeNsPerElement,
                computeNsPerBlock, barrier);
    }

    public PtransParameters withElementBytes(int bytes) {
        return new PtransParameters(gridRows, gridColumns, order, bytes, iterations, computeNsPerElement,
                computeNsPerBlock, barrier);
    }

    public PtransParameters withIterations(int count) {
        return new PtransParameters(gridRows, gridColumns, order, elementBytes, count, computeNsPerElement,
                computeNsPerBlock, barrier);
    }

    public PtransParameters withCompute(double nsPerElement, long nsPerBlock) {
        return new PtransParameters(gridRows, gridColumns, order, elementBytes, iterations, nsPerElement, nsPerBlock,
                barrier);
    }

    public PtransParameters withBarrier(boolean on) {
        return new PtransParameters(gridRows, gridColumns, order, elementBytes, iterations, computeNsPerElement,
                computeNsPerBlock, on);
    }
}
