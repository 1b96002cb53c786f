package org.fabrica.traffic.trace;

import java.util.ArrayList;
import java.util.List;

/**
 * A block transpose (docs/traces.md, "A block transpose"; HPCC's PTRANS is {@link HpccPtransGenerator}): the transpose of an n x n
 * matrix distributed in blocks over a P x Q process grid, several times, each followed by a compute
 * phase.
 *
 * <p>Rows are cut into P blocks and columns into Q blocks, block b of m blocks over n indices
 * holding [floor(b n / m), floor((b + 1) n / m)) (sizes differ by at most one). Rank (p, q), number
 * p Q + q, holds rows block p and columns block q. Element (i, j) of the transpose is element (j, i)
 * of the matrix, so rank (p, q) needs from rank (p', q') the elements whose row is in its columns
 * block q and in rows block p', and whose column is in its rows block p and in columns block q':
 * |R(p') ∩ C(q)| x |C(q') ∩ R(p)| elements. The count is the same both ways, so every pair of ranks
 * exchanges equal messages. On a square grid with P dividing n this is HPCC's picture: (p, q) swaps
 * its block with (q, p), and the diagonal ranks keep theirs.
 *
 * <p>Per iteration i (tag i) a rank posts an irecv from each peer, then an isend to each peer, in
 * rank order, then a waitall, then computes for {@code round(computeNsPerElement x its elements) +
 * computeNsPerBlock} ns (omitted when 0); with {@code barrier}, each iteration starts with a barrier.
 */
public final class PtransGenerator {
    private PtransGenerator() {
    }

    /** The trace of {@code parameters}. */
    public static Trace generate(PtransParameters parameters) {
        int columns = parameters.gridColumns();
        int ranks = parameters.ranks();
        List<List<TraceEvent>> events = new ArrayList<>(ranks);
        for (int rank = 0; rank < ranks; rank++) {
            events.add(rankEvents(parameters, rank / columns, rank % columns));
        }
        return new Trace(ranks, events);
    }

    /** One message of a rank's exchange: its peer and its size. */
    public record Exchange(int peer, long bytes) {
    }

    /**
     * The peers of rank ({@code p}, {@code q}) in one transpose and the bytes exchanged with each
     * (the same both ways), in rank order, without the rank itself.
     */
    public static List<Exchange> exchanges(PtransParameters parameters, int p, int q) {
        long n = parameters.order();
        int rows = parameters.gridRows();
        int columns = parameters.gridColumns();
        long rowStart = start(n, rows, p);
        long rowEnd = start(n, rows, p + 1);
        long columnStart = start(n, columns, q);
        long columnEnd = start(n, columns, q + 1);
        List<Exchange> out = new ArrayList<>();
        // rows blocks meeting my columns, columns blocks meeting my rows
        for (int pp = blockOf(n, rows, columnStart); pp <= blockOf(n, rows, columnEnd - 1); pp++) {
            long a = overlap(start(n, rows, pp), start(n, rows, pp + 1), columnStart, columnEnd);
            for (int qq = blockOf(n, columns, rowStart); qq <= blockOf(n, columns, rowEnd - 1); qq++) {
                if (pp == p && qq == q) {
                    continue; // my own part of the transpose stays local
                }
                long b = overlap(start(n, columns, qq), start(n, columns, qq + 1), rowStart, rowEnd);
                if (a > 0 && b > 0) {
                    out.add(new Exchange(pp * columns + qq,
                            Math.multiplyExact(Math.multiplyExact(a, b), (long) parameters.elementBytes())));
                }
            }
        }
        return out;
    }

    /** The elements rank ({@code p}, {@code q}) holds. */
    public static long blockElements(PtransParameters parameters, int p, int q) {
        long n = parameters.order();
        return Math.multiplyExact(start(n, parameters.gridRows(), p + 1) - start(n, parameters.gridRows(), p),
                start(n, parameters.gridColumns(), q + 1) - start(n, parameters.gridColumns(), q));
    }

    private static List<TraceEvent> rankEvents(PtransParameters parameters, int p, int q) {
        List<Exchange> peers = exchanges(parameters, p, q);
        long compute = Math.round(parameters.computeNsPerElement() * blockElements(parameters, p, q))
                + parameters.computeNsPerBlock();
        List<TraceEvent> out = new ArrayList<>();
        int k = peers.size();
        for (int iteration = 0; iteration < parameters.iterations(); iteration++) {
            if (parameters.barrier()) {
                out.add(new TraceEvent.Barrier());
            }
            for (int i = 0; i < k; i++) {
                out.add(new TraceEvent.Irecv(peers.get(i).peer(), peers.get(i).bytes(), iteration, i));
            }
            for (int i = 0; i < k; i++) {
                out.add(new TraceEvent.Isend(peers.get(i).peer(), peers.get(i).bytes(), iteration, k + i));
            }
            if (k > 0) {
                out.add(new TraceEvent.WaitAll());
            }
            if (compute > 0) {
                out.add(new TraceEvent.Compute(compute));
            }
        }
        return out;
    }

    /** The first index of block {@code b} of {@code blocks} over {@code n} indices: floor(b n / blocks). */
    static long start(long n, int blocks, int b) {
        return Math.multiplyExact(n, (long) b) / blocks;
    }

    /** The block holding index {@code i}: the largest b with start(b) <= i. */
    static int blockOf(long n, int blocks, long i) {
        return (int) ((Math.multiplyExact(i + 1, (long) blocks) - 1) / n);
    }

    private static long overlap(long a0, long a1, long b0, long b1) {
        return Math.max(0, Math.min(a1, b1) - Math.max(a0, b0));
    }
}
