package org.fabrica.traffic.trace;

import java.util.ArrayList;
import java.util.List;

/**
 * Collectives as point-to-point messages (docs/traces.md, "Collectives"): a pure function of a
 * rank's events, the rank and the rank count, for any rank count.
 * <ul>
 * <li>barrier: dissemination (Hensgen, Finkel and Manber 1988), ceil(log2 n) rounds of empty
 * messages, in round k to rank + 2^k and from rank - 2^k (mod n);</li>
 * <li>allreduce: recursive doubling (Thakur, Rabenseifner and Gropp 2005, as MPICH does it); for n
 * not a power of two, the first 2r ranks (r = n - 2^floor(log2 n)) fold in pairs before and get the
 * result back after;</li>
 * <li>alltoall: pairwise exchange, n - 1 steps, in step s to rank + s and from rank - s (mod n);</li>
 * <li>bcast: binomial tree from the root (MPICH's broadcast for short messages): with ranks
 * renumbered relative to the root (v = rank - root mod n), rank v receives from v - 2^k, where 2^k
 * is v's lowest set bit, then sends to v + 2^j for every 2^j below 2^k, largest first;</li>
 * <li>reduce: the binomial tree the other way (MPICH's reduce for commutative operations): for
 * 2^j = 1, 2, 4, ..., rank v receives from v + 2^j while bit j of v is 0, and at its lowest set bit
 * sends its vector to v - 2^j and is done.</li>
 * </ul>
 * Bcast and reduce use blocking sends and receives: a tree has no cycle, so none can deadlock,
 * eager or rendezvous.
 * Each round of a two-way exchange is an irecv and an isend, then a wait for each (MPI_Sendrecv),
 * so no rank blocks in a send its partner cannot receive yet. The messages of a rank's k-th
 * collective (from 0) carry tag {@code -(k + 1)} and the exchanges use request ids -1 and -2, both
 * outside the non-negative ranges a trace file may use, so an expanded message never matches a
 * user message and an exchange never reuses a pending user request. Since every rank calls the same
 * collectives in the same order ({@link Trace}), the k-th collective has the same tag everywhere.
 */
public final class CollectiveExpansion {
    /** The request id of an exchange's receive. */
    public static final int RECEIVE_REQUEST = -1;
    /** The request id of an exchange's send. */
    public static final int SEND_REQUEST = -2;

    private CollectiveExpansion() {
    }

    /** The tag of the messages of a rank's {@code index}-th collective, counted from 0. */
    public static int tag(int index) {
        if (index < 0 || index == Integer.MAX_VALUE) {
            throw new IllegalArgumentException("collective index " + index + " has no reserved tag");
        }
        return -(index + 1);
    }

    /** {@code trace} with every collective replaced by its point-to-point messages. */
    public static Trace expand(Trace trace) {
        return expand(trace, false);
    }

    /**
     * {@code trace} with every collective replaced by its point-to-point messages, except barriers
     * when {@code keepBarriers} (a collective engine in the network performs them).
     */
    public static Trace expand(Trace trace, boolean keepBarriers) {
        return expand(trace, keepBarriers, false);
    }

    /**
     * {@code trace} with every collective replaced by its point-to-point messages, except barriers
     * when {@code keepBarriers} and broadcasts when {@code keepBroadcasts} (a collective engine in
     * the network performs them). A kept collective still takes its tag, so the messages of the
     * others are the same whatever is kept.
     */
    public static Trace expand(Trace trace, boolean keepBarriers, boolean keepBroadcasts) {
        List<List<TraceEvent>> out = new ArrayList<>(trace.ranks());
        for (int r = 0; r < trace.ranks(); r++) {
            out.add(expand(trace.events(r), r, trace.ranks(), keepBarriers, keepBroadcasts));
        }
        return new Trace(trace.ranks(), out);
    }

    /**
     * The events of {@code rank} of a trace of {@code ranks} ranks, its collectives replaced by
     * point-to-point messages; the other events are kept, in order.
     */
    public static List<TraceEvent> expand(List<TraceEvent> events, int rank, int ranks) {
        return expand(events, rank, ranks, false, false);
    }

    private static List<TraceEvent> expand(List<TraceEvent> events, int rank, int ranks, boolean keepBarriers,
            boolean keepBroadcasts) {
        checkRank(rank, ranks);
        List<TraceEvent> out = new ArrayList<>(events.size());
        int index = 0;
        for (TraceEvent e : events) {
            switch (e.operation()) {
                case BARRIER:
                    if (keepBarriers) {
                        out.add(e);
                        index++;
                    } else {
                        barrier(out, rank, ranks, tag(index++));
                    }
                    break;
                case ALLREDUCE:
                    allreduce(out, rank, ranks, ((TraceEvent.Allreduce) e).bytes(), tag(index++));
                    break;
                case ALLTOALL:
                    alltoall(out, rank, ranks, ((TraceEvent.Alltoall) e).bytes(), tag(index++));
                    break;
                case BCAST:
                    if (keepBroadcasts) {
                        out.add(e);
                        index++;
                        break;
                    }
                    bcast(out, rank, ranks, ((TraceEvent.Bcast) e).root(), ((TraceEvent.Bcast) e).bytes(), tag(index++));
                    break;
                case REDUCE:
                    reduce(out, rank, ranks, ((TraceEvent.Reduce) e).root(), ((TraceEvent.Reduce) e).bytes(),
                            tag(index++));
                    break;
                default:
                    out.add(e);
                    break;
            }
        }
        return out;
    }

    /** Dissemination barrier: in round k = 0 .. ceil(log2 n) - 1, an empty message to rank + 2^k. */
    public static List<TraceEvent> barrier(int rank, int ranks, int tag) {
        checkRank(rank, ranks);
        List<TraceEvent> out = new ArrayList<>();
        barrier(out, rank, ranks, tag);
        return out;
    }

    /** Recursive-doubling allreduce of {@code bytes}; every message carries the whole vector. */
    public static List<TraceEvent> allreduce(int rank, int ranks, long bytes, int tag) {
        checkRank(rank, ranks);
        List<TraceEvent> out = new ArrayList<>();
        allreduce(out, rank, ranks, bytes, tag);
        return out;
    }

    /** Pairwise-exchange alltoall: in step s = 1 .. n - 1, {@code bytes} to rank + s. */
    public static List<TraceEvent> alltoall(int rank, int ranks, long bytes, int tag) {
        checkRank(rank, ranks);
        List<TraceEvent> out = new ArrayList<>();
        alltoall(out, rank, ranks, bytes, tag);
        return out;
    }

    /** Binomial-tree broadcast of {@code bytes} from {@code root}. */
    public static List<TraceEvent> bcast(int rank, int ranks, int root, long bytes, int tag) {
        checkRank(rank, ranks);
        checkRank(root, ranks);
        List<TraceEvent> out = new ArrayList<>();
        bcast(out, rank, ranks, root, bytes, tag);
        return out;
    }

    /** Binomial-tree reduce of {@code bytes} into {@code root}. */
    public static List<TraceEvent> reduce(int rank, int ranks, int root, long bytes, int tag) {
        checkRank(rank, ranks);
        checkRank(root, ranks);
        List<TraceEvent> out = new ArrayList<>();
        reduce(out, rank, ranks, root, bytes, tag);
        return out;
    }

    private static void bcast(List<TraceEvent> out, int rank, int ranks, int root, long bytes, int tag) {
        int v = (rank - root + ranks) % ranks;
        long mask = 1;
        while (mask < ranks) {
            if ((v & mask) != 0) {
                out.add(new TraceEvent.Recv((int) ((v - mask + root) % ranks), bytes, tag));
                break;
            }
            mask <<= 1;
        }
        for (mask >>= 1; mask > 0; mask >>= 1) {
            if (v + mask < ranks) {
                out.add(new TraceEvent.Send((int) ((v + mask + root) % ranks), bytes, tag));
            }
        }
    }

    private static void reduce(List<TraceEvent> out, int rank, int ranks, int root, long bytes, int tag) {
        int v = (rank - root + ranks) % ranks;
        for (long mask = 1; mask < ranks; mask <<= 1) {
            if ((v & mask) == 0) {
                if (v + mask < ranks) {
                    out.add(new TraceEvent.Recv((int) ((v + mask + root) % ranks), bytes, tag));
                }
            } else {
                out.add(new TraceEvent.Send((int) ((v - mask + root) % ranks), bytes, tag));
                break;
            }
        }
    }

    private static void barrier(List<TraceEvent> out, int rank, int ranks, int tag) {
        for (long distance = 1; distance < ranks; distance <<= 1) {
            int d = (int) distance;
            exchange(out, (rank + d) % ranks, (rank - d + ranks) % ranks, 0, tag);
        }
    }

    private static void allreduce(List<TraceEvent> out, int rank, int ranks, long bytes, int tag) {
        int power = Integer.highestOneBit(ranks);
        int rest = ranks - power;
        int folded; // the rank's number among the power-of-two ranks of the doubling, or -1
        if (rank < 2 * rest) {
            if (rank % 2 == 0) {
                out.add(new TraceEvent.Send(rank + 1, bytes, tag)); // hand the vector to the odd neighbour
                folded = -1;
            } else {
                out.add(new TraceEvent.Recv(rank - 1, bytes, tag));
                folded = rank / 2;
            }
        } else {
            folded = rank - rest;
        }
        if (folded >= 0) {
            for (int mask = 1; mask < power; mask <<= 1) {
                int partner = folded ^ mask;
                int peer = partner < rest ? 2 * partner + 1 : partner + rest;
                exchange(out, peer, peer, bytes, tag);
            }
        }
        if (rank < 2 * rest) {
            if (rank % 2 == 1) {
                out.add(new TraceEvent.Send(rank - 1, bytes, tag)); // the result back to the even neighbour
            } else {
                out.add(new TraceEvent.Recv(rank + 1, bytes, tag));
            }
        }
    }

    private static void alltoall(List<TraceEvent> out, int rank, int ranks, long bytes, int tag) {
        for (int step = 1; step < ranks; step++) {
            exchange(out, (rank + step) % ranks, (rank - step + ranks) % ranks, bytes, tag);
        }
    }

    /** MPI_Sendrecv: post the receive, then the send, then wait for both. */
    private static void exchange(List<TraceEvent> out, int dest, int src, long bytes, int tag) {
        out.add(new TraceEvent.Irecv(src, bytes, tag, RECEIVE_REQUEST));
        out.add(new TraceEvent.Isend(dest, bytes, tag, SEND_REQUEST));
        out.add(new TraceEvent.Wait(RECEIVE_REQUEST));
        out.add(new TraceEvent.Wait(SEND_REQUEST));
    }

    private static void checkRank(int rank, int ranks) {
        if (ranks < 1 || rank < 0 || rank >= ranks) {
            throw new IllegalArgumentException("rank " + rank + " of " + ranks + " rank(s)");
        }
    }
}
