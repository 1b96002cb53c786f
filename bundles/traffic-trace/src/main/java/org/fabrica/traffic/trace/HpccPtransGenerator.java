package org.fabrica.traffic.trace;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * HPCC PTRANS's communication (docs/traces.md, "HPCC PTRANS"): what HPCC 1.5's
 * {@code PTRANS/pdtransdriver.c} and {@code pdtrans.c} (PUMMA, Choi, Dongarra and Walker) do per
 * rank, as a trace. Read from HPCC's source; no code of it is used.
 *
 * <p>The n x n matrices A and C are cut into NB x NB blocks and dealt block-cyclically over a P x Q
 * grid: block (I, J) lives at grid position (I mod P, J mod Q). C = A^T + C needs block (J, I) of A
 * at the owner of block (I, J) of C. pdtrans walks the LCM(P, Q) x LCM(P, Q) template in
 * LCM/P x LCM/Q steps; in each, the process at (r, c) packs the blocks it owes one partner into one
 * buffer and calls MPI_Sendrecv with it: it sends to (r + g j1 + k1) mod P, (c - k2 g - k1) mod Q
 * and receives from (r - g j1 - k2') mod P, (c + k2 g + k2') mod Q, g = GCD(P, Q),
 * k1 = (P + c - r) mod g, k2' = (g - k1) mod g (pdtrans.c, the K2 and J1 loops). On a square grid
 * (g = P) this is one step: (r, c) swaps its whole local matrix with (c, r), and the diagonal copies
 * its own. Every buffer has the padded size ceil(ceil(n / NB) / LCM) NB squared elements, whether
 * or not the edge blocks are full, and Cblacs_dSendrecv sends it in pieces of at most 100 MB.
 *
 * <p>One repetition (HPCC runs five per n, NB and grid): an allreduce of the placement seed, the
 * grid's communicators (one small allreduce stands for MPI_Comm_split), an allreduce of who is at
 * (0, 0), the memory check's sum; generate A and C (compute); barrier; the transpose steps (pack,
 * sendrecv, unpack-add, each pack and add a compute pass over the step's share of the local
 * matrix; a step to oneself one pass); verification (three passes, pdmatcmp's reduction of two
 * doubles); the reductions of the wall and CPU times; the process at (0, 0) sends its three results
 * to rank 0. The placement of ranks on the grid is a fresh random permutation per repetition, as
 * HPCC's grid_map (or row-major).
 */
public final class HpccPtransGenerator {
    /** Cblacs_dSendrecv sends a contiguous buffer 12,500,000 doubles (100 MB) at a time. */
    public static final long SENDRECV_PIECE_ELEMENTS = 12_500_000;
    /** Tags of the report message of repetition i: REPORT_TAG + i, apart from the transposes' tags. */
    static final int REPORT_TAG = 1 << 30;

    private HpccPtransGenerator() {
    }

    /** The grid {P, Q} of {@code parameters}: the one given or HPL's near-square one; checked against the ranks. */
    public static int[] grid(HpccPtransParameters parameters) {
        int ranks = parameters.ranks();
        int rows = parameters.gridRows();
        int columns = parameters.gridColumns();
        if (rows == 0 && columns == 0) {
            return PtransParameters.nearSquareGrid(ranks);
        }
        if (rows == 0 || columns == 0) {
            int given = Math.max(rows, columns);
            if (ranks % given != 0) {
                throw new IllegalArgumentException("a grid with " + given + (rows == 0 ? " columns" : " rows")
                        + " cannot hold " + ranks + " ranks (" + given + " does not divide " + ranks + ")");
            }
            return rows == 0 ? new int[] {ranks / given, given} : new int[] {given, ranks / given};
        }
        if ((long) rows * columns != ranks) {
            throw new IllegalArgumentException("the grid " + rows + " x " + columns + " holds " + (long) rows * columns
                    + " processes, not the " + ranks + " ranks (HPCC would leave the others idle); give ranks: "
                    + (long) rows * columns + ", another grid, or gridRows: 0 and gridColumns: 0 for HPL's near-square"
                    + " grid");
        }
        return new int[] {rows, columns};
    }

    /**
     * One step of pdtrans at a grid position: the partner it sends to and the one it receives from
     * (itself, for a step that stays local).
     */
    public record Step(int destRow, int destColumn, int sourceRow, int sourceColumn) {
        boolean local(int row, int column) {
            return destRow == row && destColumn == column;
        }
    }

    /** The steps of the process at ({@code row}, {@code column}) of a P x Q grid, in pdtrans's order. */
    public static List<Step> steps(int rows, int columns, int row, int column) {
        int g = gcd(rows, columns);
        long lcm = (long) rows / g * columns;
        int lcmp = (int) (lcm / rows);
        int lcmq = (int) (lcm / columns);
        int kmod1 = (rows + column - row) % g;
        int kmod2 = (g - kmod1) % g;
        List<Step> out = new ArrayList<>(lcmp * lcmq);
        for (int k2 = 0; k2 < lcmp; k2++) {
            int k1 = k2 * g + kmod1;
            int destColumn = (column + columns - k1) % columns;
            int sourceColumn = (column + k2 * g + kmod2) % columns;
            for (int j1 = 0; j1 < lcmq; j1++) {
                int destRow = (row + g * j1 + kmod1) % rows;
                int sourceRow = (row + rows - g * j1 - kmod2) % rows;
                out.add(new Step(destRow, destColumn, sourceRow, sourceColumn));
            }
        }
        return out;
    }

    /** Elements of one sendrecv buffer: (ceil(ceil(n / NB) / LCM(P, Q)) NB)^2, padding included. */
    public static long bufferElements(long order, int blockSize, int rows, int columns) {
        long blocks = ceil(order, blockSize);
        long lcm = (long) rows / gcd(rows, columns) * columns;
        long side = Math.multiplyExact(ceil(blocks, lcm), (long) blockSize);
        return Math.multiplyExact(side, side);
    }

    /** ScaLAPACK's numroc with the first block at process 0: the rows (or columns) of n that process p of np holds. */
    public static long numroc(long n, int blockSize, int p, int processes) {
        long blocks = n / blockSize;
        long out = blocks / processes * blockSize;
        long extra = blocks % processes;
        if (p < extra) {
            out += blockSize;
        } else if (p == extra) {
            out += n % blockSize;
        }
        return out;
    }

    /** The trace of {@code parameters}; IllegalArgumentException names a parameter that does not fit. */
    public static Trace generate(HpccPtransParameters parameters) {
        int[] grid = grid(parameters);
        int rows = grid[0];
        int columns = grid[1];
        int ranks = parameters.ranks();
        long n = parameters.order();
        int nb = parameters.blockSize();
        long blocks = ceil(n, nb);
        if (blocks < Math.max(rows, columns)) {
            throw new IllegalArgumentException("order " + n + " in blocks of " + nb + " is " + blocks + " block rows and"
                    + " columns, fewer than the grid's larger side " + Math.max(rows, columns) + ": some processes would"
                    + " hold no block; use an order of at least " + (long) nb * Math.max(rows, columns)
                    + " or a smaller blockSize");
        }
        long bufferBytes;
        try {
            bufferBytes = Math.multiplyExact(bufferElements(n, nb, rows, columns), (long) parameters.elementBytes());
        } catch (ArithmeticException e) {
            throw new IllegalArgumentException("order " + n + " makes a sendrecv buffer of more than 2^63 bytes", e);
        }
        long pieceBytes = SENDRECV_PIECE_ELEMENTS * parameters.elementBytes();
        double c = parameters.computeNsPerElement();
        if (!(c >= 0) || Double.isInfinite(c)) {
            throw new IllegalArgumentException("computeNsPerElement must be finite and >= 0, not " + c);
        }
        List<List<TraceEvent>> events = new ArrayList<>(ranks);
        for (int r = 0; r < ranks; r++) {
            events.add(new ArrayList<>());
        }
        int[] tags = new int[ranks];
        int[] placement = new int[ranks]; // grid position p Q + q -> rank
        SplittableRandom random = new SplittableRandom(parameters.gridSeed());
        for (int i = 0; i < ranks; i++) {
            placement[i] = i;
        }
        for (int rep = 0; rep < parameters.repetitions(); rep++) {
            if (parameters.gridPlacement() == HpccPtransParameters.GridPlacement.RANDOM) {
                for (int i = ranks - 1; i > 0; i--) {
                    int j = random.nextInt(i + 1);
                    int t = placement[i];
                    placement[i] = placement[j];
                    placement[j] = t;
                }
            }
            for (int position = 0; position < ranks; position++) {
                int row = position / columns;
                int column = position % columns;
                int rank = placement[position];
                List<TraceEvent> out = events.get(rank);
                long local = Math.multiplyExact(numroc(n, nb, row, rows), numroc(n, nb, column, columns));
                List<Step> steps = steps(rows, columns, row, column);
                long perStep = ceil(local, steps.size());
                out.add(new TraceEvent.Allreduce(4)); // the placement seed (pdtransdriver.c: MPI_Allreduce of time())
                out.add(new TraceEvent.Allreduce(8)); // Cblacs_gridmap's communicators (MPI_Comm_split)
                out.add(new TraceEvent.Allreduce(4)); // who is at (0, 0)
                out.add(new TraceEvent.Allreduce(4)); // the memory check (Cigsum2d)
                compute(out, c, 2 * local); // pdmatgen: A and C
                out.add(new TraceEvent.Barrier()); // Cblacs_barrier before the timer
                for (Step s : steps) {
                    compute(out, c, perStep); // dtr2bf (pack) or, to itself, dtr2mx
                    if (s.local(row, column)) {
                        tags[rank] += pieces(bufferBytes, pieceBytes);
                        continue;
                    }
                    int dest = placement[s.destRow() * columns + s.destColumn()];
                    int source = placement[s.sourceRow() * columns + s.sourceColumn()];
                    int pieces = pieces(bufferBytes, pieceBytes);
                    for (int k = 0; k < pieces; k++) {
                        long bytes = Math.min(pieceBytes, bufferBytes - k * pieceBytes);
                        int tag = tags[rank]++;
                        out.add(new TraceEvent.Irecv(source, bytes, tag, 0));
                        out.add(new TraceEvent.Isend(dest, bytes, tag, 1));
                        out.add(new TraceEvent.WaitAll());
                    }
                    compute(out, c, perStep); // dmv2mx: C += the received part of A^T
                }
                if (parameters.verification()) {
                    compute(out, c, 3 * local); // pdmatgen twice, pdmatcmp
                    out.add(new TraceEvent.Allreduce(16)); // pdmatcmp's Cdgamx2d of two doubles
                }
                out.add(new TraceEvent.Allreduce(8)); // slcombine: the largest wall time
                out.add(new TraceEvent.Allreduce(8)); // slcombine: the largest CPU time
            }
            int atOrigin = placement[0];
            if (atOrigin != 0) { // the process at (0, 0) reports its wall time, CPU time and verdict to rank 0
                events.get(atOrigin).add(new TraceEvent.Send(0, 24, REPORT_TAG + rep));
                events.get(0).add(new TraceEvent.Recv(atOrigin, 24, REPORT_TAG + rep));
            }
        }
        return new Trace(ranks, events);
    }

    private static int pieces(long bytes, long pieceBytes) {
        return (int) Math.max(1, ceil(bytes, pieceBytes));
    }

    private static void compute(List<TraceEvent> out, double nsPerElement, long elements) {
        long ns = Math.round(nsPerElement * elements);
        if (ns > 0) {
            out.add(new TraceEvent.Compute(ns));
        }
    }

    private static long ceil(long a, long b) {
        return (a + b - 1) / b;
    }

    static int gcd(int a, int b) {
        while (b != 0) {
            int t = a % b;
            a = b;
            b = t;
        }
        return a;
    }
}
