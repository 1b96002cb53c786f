package org.fabrica.traffic.trace.otf2;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.fabrica.traffic.trace.Trace;
import org.fabrica.traffic.trace.TraceEvent;
import org.fabrica.traffic.trace.otf2.Otf2Archive.Cancelled;
import org.fabrica.traffic.trace.otf2.Otf2Archive.Collective;
import org.fabrica.traffic.trace.otf2.Otf2Archive.Comm;
import org.fabrica.traffic.trace.otf2.Otf2Archive.Enter;
import org.fabrica.traffic.trace.otf2.Otf2Archive.Event;
import org.fabrica.traffic.trace.otf2.Otf2Archive.Group;
import org.fabrica.traffic.trace.otf2.Otf2Archive.Leave;
import org.fabrica.traffic.trace.otf2.Otf2Archive.Receive;
import org.fabrica.traffic.trace.otf2.Otf2Archive.ReceivePosted;
import org.fabrica.traffic.trace.otf2.Otf2Archive.Region;
import org.fabrica.traffic.trace.otf2.Otf2Archive.Send;
import org.fabrica.traffic.trace.otf2.Otf2Archive.SendComplete;

/**
 * Turns the MPI records of an OTF2 archive into a Fabrica {@link Trace} (docs/traces.md,
 * "Importing OTF2"). One rank per location of the archive's MPI locations group, in MPI rank order;
 * the time a rank spends outside MPI calls becomes {@code compute} events; point-to-point records
 * become sends and receives with the peers translated to ranks of MPI_COMM_WORLD; barrier,
 * allreduce, alltoall, bcast and reduce on MPI_COMM_WORLD become the trace's collectives. What the
 * format cannot hold (gather, scatter, scans, the v and w variants, collectives on other
 * communicators) is refused, or left out and counted when {@code skipUnsupported} is set.
 */
public final class Otf2Importer {
    /** OTF2_CollectiveOp numbers and names, for messages. */
    private static final String[] COLLECTIVES = {"MPI_Barrier", "MPI_Bcast", "MPI_Gather", "MPI_Gatherv",
        "MPI_Scatter", "MPI_Scatterv", "MPI_Allgather", "MPI_Allgatherv", "MPI_Alltoall", "MPI_Alltoallv",
        "MPI_Alltoallw", "MPI_Allreduce", "MPI_Reduce", "MPI_Reduce_scatter", "MPI_Scan", "MPI_Exscan",
        "MPI_Reduce_scatter_block", "create handle", "destroy handle", "allocate", "deallocate",
        "create handle and allocate", "destroy handle and deallocate"};
    private static final int BARRIER = 0;
    private static final int BCAST = 1;
    private static final int ALLTOALL = 8;
    private static final int ALLREDUCE = 11;
    private static final int REDUCE = 12;

    private Otf2Importer() {
    }

    /**
     * What an import produced and what it left out.
     *
     * @param trace the trace
     * @param version the OTF2 version that wrote the archive
     * @param timerResolution timer ticks per second
     * @param computeNanoseconds the sum of all compute events over all ranks
     * @param skipped unsupported collectives left out, by name, with their count over all ranks
     * @param droppedReceives non-blocking receives posted but never completed or cancelled (left out)
     * @param sendsCompletedAtEnd non-blocking sends the trace never completes (a wait added at the end)
     * @param unknownCompletions completions of requests the trace never started (ignored)
     */
    public record Result(Trace trace, String version, long timerResolution, long computeNanoseconds,
            Map<String, Long> skipped, long droppedReceives, long sendsCompletedAtEnd, long unknownCompletions) {
    }

    /** Reads the archive whose anchor file is {@code anchor} and imports it. */
    public static Result importArchive(Path anchor, boolean skipUnsupported) {
        return importArchive(Otf2Archive.open(anchor), skipUnsupported);
    }

    /** Imports an opened archive. */
    public static Result importArchive(Otf2Archive archive, boolean skipUnsupported) {
        Ranks ranks = Ranks.of(archive);
        Map<String, Long> skipped = new TreeMap<>();
        List<List<TraceEvent>> events = new ArrayList<>(ranks.size());
        long compute = 0;
        long dropped = 0;
        long atEnd = 0;
        long unknown = 0;
        for (int r = 0; r < ranks.size(); r++) {
            RankImport rank = new RankImport(archive, ranks, r, skipUnsupported, skipped);
            rank.run(archive.events(ranks.location(r)));
            events.add(rank.finish());
            compute += rank.compute;
            dropped += rank.dropped;
            atEnd += rank.completedAtEnd;
            unknown += rank.unknownCompletions;
        }
        sameRootedSizes(events);
        Trace trace;
        try {
            trace = new Trace(ranks.size(), events);
        } catch (IllegalArgumentException e) {
            throw new Otf2FormatException(archive.anchor() + ": the imported trace breaks a rule of Fabrica's trace"
                    + " format (docs/traces.md, \"Rules\"): " + e.getMessage(), e);
        }
        return new Result(trace, archive.version(), archive.timerResolution(), compute, skipped, dropped, atEnd,
                unknown);
    }

    /**
     * Gives every rank's k-th bcast or reduce the size the ranks other than the root recorded: they
     * record the vector itself (bytes received by a bcast, sent by a reduce), while the root records
     * Score-P's totals over all ranks, which the import could only divide. Ranks whose k-th
     * collectives differ in kind or root are left alone for the trace's rules to name.
     */
    private static void sameRootedSizes(List<List<TraceEvent>> events) {
        List<List<Integer>> at = new ArrayList<>();
        int common = Integer.MAX_VALUE;
        for (List<TraceEvent> list : events) {
            List<Integer> indices = new ArrayList<>();
            for (int i = 0; i < list.size(); i++) {
                if (list.get(i).operation().collective()) {
                    indices.add(i);
                }
            }
            at.add(indices);
            common = Math.min(common, indices.size());
        }
        for (int k = 0; k < common; k++) {
            TraceEvent first = events.get(0).get(at.get(0).get(k));
            if (!(first instanceof TraceEvent.Rooted rooted)) {
                continue;
            }
            long bytes = -1;
            for (int r = 0; r < events.size() && bytes < 0; r++) {
                TraceEvent e = events.get(r).get(at.get(r).get(k));
                if (r != rooted.root() && e instanceof TraceEvent.Rooted other && other.operation() == first.operation()
                        && other.root() == rooted.root()) {
                    bytes = other.bytes();
                }
            }
            if (bytes < 0) {
                continue; // a single rank: its own figure stands
            }
            for (int r = 0; r < events.size(); r++) {
                int i = at.get(r).get(k);
                TraceEvent e = events.get(r).get(i);
                if (e.operation() == first.operation() && ((TraceEvent.Rooted) e).root() == rooted.root()) {
                    events.get(r).set(i, e instanceof TraceEvent.Bcast ? new TraceEvent.Bcast(rooted.root(), bytes)
                            : new TraceEvent.Reduce(rooted.root(), bytes));
                }
            }
        }
    }

    /** MPI ranks: the locations of the MPI locations group, and how each communicator's ranks map to them. */
    private record Ranks(Otf2Archive archive, long[] locations, Comm world) {
        static Ranks of(Otf2Archive archive) {
            Group all = null;
            for (Group g : archive.groups().values()) {
                if (g.type() == Otf2Archive.GROUP_COMM_LOCATIONS && g.paradigm() == Otf2Archive.PARADIGM_MPI) {
                    if (all != null) {
                        throw new Otf2FormatException(archive.anchor() + ": two MPI locations groups ('" + all.name()
                                + "' and '" + g.name() + "'); an archive of one MPI program has one");
                    }
                    all = g;
                }
            }
            if (all == null || all.members().length == 0) {
                throw new Otf2FormatException(archive.anchor() + ": no MPI ranks: the global definitions have no group"
                        + " of type COMM_LOCATIONS for the MPI paradigm; import an archive of an MPI program"
                        + " (Score-P with MPI recording on)");
            }
            Comm world = null;
            for (Comm c : archive.comms().values()) {
                Group g = archive.groups().get(c.group());
                if (g != null && g.type() == Otf2Archive.GROUP_COMM_GROUP && identity(g.members(), all.members().length)) {
                    world = c;
                    break;
                }
            }
            return new Ranks(archive, all.members(), world);
        }

        private static boolean identity(long[] members, int n) {
            if (members.length != n) {
                return false;
            }
            for (int i = 0; i < n; i++) {
                if (members[i] != i) {
                    return false;
                }
            }
            return true;
        }

        int size() {
            return locations.length;
        }

        long location(int rank) {
            return locations[rank];
        }

        /** The rank in MPI_COMM_WORLD of rank {@code local} of communicator {@code comm}, seen from rank {@code self}. */
        int worldRank(long comm, long local, int self, String where) {
            Comm c = archive.comms().get(comm);
            if (c == null) {
                throw new Otf2FormatException(where + ": communicator " + comm + " is not defined in the global"
                        + " definitions");
            }
            Group g = archive.groups().get(c.group());
            if (g != null && g.type() == Otf2Archive.GROUP_COMM_SELF) {
                return self;
            }
            if (g == null || g.type() != Otf2Archive.GROUP_COMM_GROUP) {
                throw new Otf2FormatException(where + ": the group of communicator '" + c.name() + "' is not a group"
                        + " of MPI ranks (COMM_GROUP)");
            }
            if (local < 0 || local >= g.members().length) {
                throw new Otf2FormatException(where + ": rank " + local + " is out of communicator '" + c.name()
                        + "', which has " + g.members().length + " ranks");
            }
            long world = g.members()[(int) local];
            if (world < 0 || world >= locations.length) {
                throw new Otf2FormatException(where + ": communicator '" + c.name() + "' names MPI rank " + world
                        + " but there are " + locations.length);
            }
            return (int) world;
        }
    }

    /** The import of one rank: its events in order, compute gaps, request ids. */
    private static final class RankImport {
        private final Otf2Archive archive;
        private final Ranks ranks;
        private final int rank;
        private final boolean skipUnsupported;
        private final Map<String, Long> skipped;
        private final List<Object> out = new ArrayList<>();
        private final Map<Long, Integer> sends = new HashMap<>();
        private final Map<Long, PendingReceive> receives = new HashMap<>();
        private final BitSet ids = new BitSet();
        private int depth;
        private long lastExit = -1;
        long compute;
        long dropped;
        long completedAtEnd;
        long unknownCompletions;

        RankImport(Otf2Archive archive, Ranks ranks, int rank, boolean skipUnsupported, Map<String, Long> skipped) {
            this.archive = archive;
            this.ranks = ranks;
            this.rank = rank;
            this.skipUnsupported = skipUnsupported;
            this.skipped = skipped;
        }

        /** A receive posted (MPI_Irecv) whose source, tag and size come with its completion. */
        private static final class PendingReceive {
            final int id;
            int src;
            long bytes;
            int tag;
            boolean complete;

            PendingReceive(int id) {
                this.id = id;
            }
        }

        private String where(Event e) {
            return archive.anchor() + ": rank " + rank + " (location " + ranks.location(rank) + "), time "
                    + e.time() + " ticks";
        }

        void run(List<Event> events) {
            for (Event e : events) {
                if (e instanceof Enter en) {
                    if (mpi(en.region())) {
                        if (depth == 0) {
                            gap(en.time());
                        }
                        depth++;
                    }
                } else if (e instanceof Leave l) {
                    if (mpi(l.region()) && depth > 0) {
                        depth--;
                        if (depth == 0) {
                            lastExit = l.time();
                        }
                    }
                } else {
                    call(e);
                    if (e instanceof Send s) {
                        send(s);
                    } else if (e instanceof ReceivePosted p) {
                        posted(p);
                    } else if (e instanceof Receive r) {
                        receive(r);
                    } else if (e instanceof SendComplete c) {
                        Integer id = sends.remove(c.request());
                        if (id == null) {
                            unknownCompletions++;
                        } else {
                            out.add(new TraceEvent.Wait(id));
                            ids.clear(id);
                        }
                    } else if (e instanceof Cancelled c) {
                        cancelled(c);
                    } else if (e instanceof Collective c) {
                        collective(c);
                    }
                }
            }
        }

        private int newId() {
            int id = ids.nextClearBit(0);
            ids.set(id);
            return id;
        }

        private void send(Send s) {
            int dest = ranks.worldRank(s.comm(), s.peer(), rank, where(s));
            int tag = tag(s.tag(), s);
            long bytes = bytes(s.bytes(), s);
            if (s.blocking()) {
                out.add(new TraceEvent.Send(dest, bytes, tag));
                return;
            }
            int id = newId();
            Integer old = sends.put(s.request(), id);
            if (old != null) { // the request id reused before a completion was recorded
                out.add(new TraceEvent.Wait(old));
                ids.clear(old);
                unknownCompletions++;
            }
            out.add(new TraceEvent.Isend(dest, bytes, tag, id));
        }

        private void posted(ReceivePosted p) {
            PendingReceive pending = new PendingReceive(newId());
            PendingReceive old = receives.put(p.request(), pending);
            if (old != null) {
                dropped++;
            }
            out.add(pending);
        }

        private void receive(Receive r) {
            int src = ranks.worldRank(r.comm(), r.peer(), rank, where(r));
            int tag = tag(r.tag(), r);
            long bytes = bytes(r.bytes(), r);
            if (r.blocking()) {
                out.add(new TraceEvent.Recv(src, bytes, tag));
                return;
            }
            PendingReceive pending = receives.remove(r.request());
            if (pending == null) { // no MpiIrecvRequest recorded: posted where it completes
                pending = new PendingReceive(newId());
                out.add(pending);
            }
            pending.src = src;
            pending.tag = tag;
            pending.bytes = bytes;
            pending.complete = true;
            out.add(new TraceEvent.Wait(pending.id));
            ids.clear(pending.id);
        }

        private void cancelled(Cancelled c) {
            PendingReceive pending = receives.remove(c.request());
            if (pending != null) {
                ids.clear(pending.id); // never completed: left out by finish()
                dropped++;
                return;
            }
            Integer id = sends.remove(c.request());
            if (id != null) { // a cancelled send is replayed as sent
                out.add(new TraceEvent.Wait(id));
                ids.clear(id);
            }
        }

        private boolean mpi(long region) {
            Region r = archive.regions().get(region);
            return r != null && r.mpi();
        }

        /** An MPI record: when it lies outside any MPI region (regions filtered out), it is its own call. */
        private void call(Event e) {
            if (depth == 0) {
                gap(e.time());
                lastExit = e.time();
            }
        }

        /** The time since the last MPI call ended is computation. */
        private void gap(long time) {
            if (lastExit >= 0 && time > lastExit) {
                long ns = Math.round((time - lastExit) * 1e9 / archive.timerResolution());
                if (ns > 0) {
                    out.add(new TraceEvent.Compute(ns));
                    compute += ns;
                }
            }
        }

        private void collective(Collective c) {
            String name = c.op() >= 0 && c.op() < COLLECTIVES.length ? COLLECTIVES[c.op()] : "collective " + c.op();
            boolean world = ranks.world() != null && c.comm() == ranks.world().id();
            int n = ranks.size();
            if (world && c.op() == BARRIER) {
                out.add(new TraceEvent.Barrier());
            } else if (world && c.op() == ALLREDUCE) {
                // Score-P records n times the vector as the bytes sent (scorep_mpi_coll_bytes_allreduce)
                out.add(new TraceEvent.Allreduce(ceilDiv(bytes(c.sent(), c), n)));
            } else if (world && c.op() == ALLTOALL) {
                out.add(new TraceEvent.Alltoall(ceilDiv(bytes(c.sent(), c), n)));
            } else if (world && (c.op() == BCAST || c.op() == REDUCE)) {
                int root = ranks.worldRank(c.comm(), c.root(), rank, where(c));
                // a non-root rank records the vector (received by a bcast, sent by a reduce); the root Score-P's
                // total over n ranks, divided here and replaced by the others' figure (sameRootedSizes)
                long vector = rank != root ? bytes(c.op() == BCAST ? c.received() : c.sent(), c)
                        : ceilDiv(bytes(c.op() == BCAST ? c.sent() : c.received(), c), n);
                out.add(c.op() == BCAST ? new TraceEvent.Bcast(root, vector) : new TraceEvent.Reduce(root, vector));
            } else {
                Comm comm = archive.comms().get(c.comm());
                String what = name + (world ? "" : " on " + (comm == null ? "communicator " + c.comm()
                        : "'" + comm.name() + "'"));
                if (!skipUnsupported) {
                    throw new Otf2FormatException(where(c) + ": " + what + " has no counterpart in Fabrica's trace"
                            + " format (version 1 has barrier, allreduce, alltoall, bcast and reduce on MPI_COMM_WORLD);"
                            + " import with"
                            + " --skip-unsupported to leave such collectives out (their traffic is then missing from"
                            + " the replay)");
                }
                skipped.merge(what, 1L, Long::sum);
            }
        }

        private static long ceilDiv(long a, int b) {
            return (a + b - 1) / b;
        }

        private int tag(long tag, Event e) {
            if (tag < 0 || tag > Integer.MAX_VALUE) {
                throw new Otf2FormatException(where(e) + ": message tag " + Long.toUnsignedString(tag) + " is out of the"
                        + " range 0 .. 2^31 - 1 of Fabrica's trace format");
            }
            return (int) tag;
        }

        private long bytes(long bytes, Event e) {
            if (bytes < 0) {
                throw new Otf2FormatException(where(e) + ": message length " + Long.toUnsignedString(bytes) + " is"
                        + " undefined or too large");
            }
            return bytes;
        }

        /** The rank's events: receives that never completed left out, sends never completed waited for at the end. */
        List<TraceEvent> finish() {
            for (PendingReceive p : receives.values()) {
                if (!p.complete) {
                    dropped++;
                }
            }
            List<TraceEvent> events = new ArrayList<>(out.size() + sends.size());
            for (Object o : out) {
                if (o instanceof PendingReceive p) {
                    if (p.complete) {
                        events.add(new TraceEvent.Irecv(p.src, p.bytes, p.tag, p.id));
                    }
                } else {
                    events.add((TraceEvent) o);
                }
            }
            sends.values().stream().sorted().forEach(id -> events.add(new TraceEvent.Wait(id)));
            completedAtEnd += sends.size();
            return events;
        }
    }
}
