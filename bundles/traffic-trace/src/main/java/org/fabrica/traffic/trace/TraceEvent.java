package org.fabrica.traffic.trace;

/**
 * One event of one rank (docs/traces.md, "Events"). The records are the whole set; replay code
 * dispatches on {@link #operation()}.
 *
 * <p>Tags and request ids of events read from a file are never negative: negative values are
 * reserved for the messages {@link CollectiveExpansion} makes, so that those never match a user
 * message. The records accept them; {@link TraceReader} and {@link TraceWriter} do not.
 */
public sealed interface TraceEvent {

    /** The operation, whose keyword and argument order the text form uses. */
    Operation operation();

    /**
     * The argument at {@code index} in the order of {@link Operation#arguments()}, widened to
     * long (a request id as its number).
     */
    long argument(int index);

    /** A send or a receive, blocking or not: one message between this rank and {@link #peer()}. */
    sealed interface Message extends TraceEvent {
        /** The destination of a send, the source of a receive. */
        int peer();

        /** The message's size in bytes (a receive's: what it expects). */
        long bytes();

        /** The tag; negative for expanded collectives only. */
        int tag();

        /** True for send and isend. */
        boolean outgoing();
    }

    /** A non-blocking send or receive, completed by a later wait or waitall. */
    sealed interface Request extends Message {
        /** The request id, unique among the rank's pending requests. */
        int request();
    }

    /** Local work taking {@code nanoseconds}. */
    record Compute(long nanoseconds) implements TraceEvent {
        public Compute {
            nonNegative(nanoseconds, "duration");
        }

        @Override
        public Operation operation() {
            return Operation.COMPUTE;
        }

        @Override
        public long argument(int index) {
            return pick(index, nanoseconds);
        }
    }

    /** Blocking send of {@code bytes} to rank {@code dest}. */
    record Send(int dest, long bytes, int tag) implements Message {
        public Send {
            nonNegative(dest, "dest");
            nonNegative(bytes, "bytes");
        }

        @Override
        public Operation operation() {
            return Operation.SEND;
        }

        @Override
        public long argument(int index) {
            return pick(index, dest, bytes, tag);
        }

        @Override
        public int peer() {
            return dest;
        }

        @Override
        public boolean outgoing() {
            return true;
        }
    }

    /** Blocking receive of {@code bytes} from rank {@code src}. */
    record Recv(int src, long bytes, int tag) implements Message {
        public Recv {
            nonNegative(src, "src");
            nonNegative(bytes, "bytes");
        }

        @Override
        public Operation operation() {
            return Operation.RECV;
        }

        @Override
        public long argument(int index) {
            return pick(index, src, bytes, tag);
        }

        @Override
        public int peer() {
            return src;
        }

        @Override
        public boolean outgoing() {
            return false;
        }
    }

    /** Non-blocking send; {@code request} names it in a later wait. */
    record Isend(int dest, long bytes, int tag, int request) implements Request {
        public Isend {
            nonNegative(dest, "dest");
            nonNegative(bytes, "bytes");
        }

        @Override
        public Operation operation() {
            return Operation.ISEND;
        }

        @Override
        public long argument(int index) {
            return pick(index, dest, bytes, tag, request);
        }

        @Override
        public int peer() {
            return dest;
        }

        @Override
        public boolean outgoing() {
            return true;
        }
    }

    /** Non-blocking receive; {@code request} names it in a later wait. */
    record Irecv(int src, long bytes, int tag, int request) implements Request {
        public Irecv {
            nonNegative(src, "src");
            nonNegative(bytes, "bytes");
        }

        @Override
        public Operation operation() {
            return Operation.IRECV;
        }

        @Override
        public long argument(int index) {
            return pick(index, src, bytes, tag, request);
        }

        @Override
        public int peer() {
            return src;
        }

        @Override
        public boolean outgoing() {
            return false;
        }
    }

    /** Blocks until the pending request {@code request} completes. */
    record Wait(int request) implements TraceEvent {
        @Override
        public Operation operation() {
            return Operation.WAIT;
        }

        @Override
        public long argument(int index) {
            return pick(index, request);
        }
    }

    /** Blocks until every pending request of the rank completes. */
    record WaitAll() implements TraceEvent {
        @Override
        public Operation operation() {
            return Operation.WAITALL;
        }

        @Override
        public long argument(int index) {
            return pick(index);
        }
    }

    /** Collective: barrier over all ranks. */
    record Barrier() implements TraceEvent {
        @Override
        public Operation operation() {
            return Operation.BARRIER;
        }

        @Override
        public long argument(int index) {
            return pick(index);
        }
    }

    /** Collective: allreduce of a vector of {@code bytes} over all ranks. */
    record Allreduce(long bytes) implements TraceEvent {
        public Allreduce {
            nonNegative(bytes, "bytes");
        }

        @Override
        public Operation operation() {
            return Operation.ALLREDUCE;
        }

        @Override
        public long argument(int index) {
            return pick(index, bytes);
        }
    }

    /** Collective: every rank sends {@code bytes} to every other rank. */
    record Alltoall(long bytes) implements TraceEvent {
        public Alltoall {
            nonNegative(bytes, "bytes");
        }

        @Override
        public Operation operation() {
            return Operation.ALLTOALL;
        }

        @Override
        public long argument(int index) {
            return pick(index, bytes);
        }
    }

    /** A rooted collective: one rank, the root, is the source (bcast) or the destination (reduce). */
    sealed interface Rooted extends TraceEvent {
        /** The root rank. */
        int root();

        /** The vector's size in bytes. */
        long bytes();
    }

    /** Collective: the root's vector of {@code bytes} goes to every rank (MPI_Bcast). */
    record Bcast(int root, long bytes) implements Rooted {
        public Bcast {
            nonNegative(root, "root");
            nonNegative(bytes, "bytes");
        }

        @Override
        public Operation operation() {
            return Operation.BCAST;
        }

        @Override
        public long argument(int index) {
            return pick(index, root, bytes);
        }
    }

    /** Collective: every rank's vector of {@code bytes} is reduced into the root's (MPI_Reduce). */
    record Reduce(int root, long bytes) implements Rooted {
        public Reduce {
            nonNegative(root, "root");
            nonNegative(bytes, "bytes");
        }

        @Override
        public Operation operation() {
            return Operation.REDUCE;
        }

        @Override
        public long argument(int index) {
            return pick(index, root, bytes);
        }
    }

    /**
     * The event of {@code operation} with {@code arguments} in the order of
     * {@link Operation#arguments()}; ranks, tags and request ids must fit an int.
     *
     * @throws IllegalArgumentException for the wrong number of arguments or a value out of range
     */
    static TraceEvent of(Operation operation, long... arguments) {
        if (arguments.length != operation.arguments().size()) {
            throw new IllegalArgumentException(operation.synopsis() + " takes " + operation.arguments().size()
                    + " argument(s), not " + arguments.length);
        }
        long[] a = arguments;
        switch (operation) {
            case COMPUTE:
                return new Compute(a[0]);
            case SEND:
                return new Send(toInt(a[0]), a[1], toInt(a[2]));
            case RECV:
                return new Recv(toInt(a[0]), a[1], toInt(a[2]));
            case ISEND:
                return new Isend(toInt(a[0]), a[1], toInt(a[2]), toInt(a[3]));
            case IRECV:
                return new Irecv(toInt(a[0]), a[1], toInt(a[2]), toInt(a[3]));
            case WAIT:
                return new Wait(toInt(a[0]));
            case WAITALL:
                return new WaitAll();
            case BARRIER:
                return new Barrier();
            case ALLREDUCE:
                return new Allreduce(a[0]);
            case ALLTOALL:
                return new Alltoall(a[0]);
            case BCAST:
                return new Bcast(toInt(a[0]), a[1]);
            case REDUCE:
                return new Reduce(toInt(a[0]), a[1]);
            default:
                throw new AssertionError(operation);
        }
    }

    private static int toInt(long value) {
        if (value != (int) value) {
            throw new IllegalArgumentException(value + " does not fit a 32-bit int");
        }
        return (int) value;
    }

    private static void nonNegative(long value, String what) {
        if (value < 0) {
            throw new IllegalArgumentException(what + " must be >= 0, not " + value);
        }
    }

    private static long pick(int index, long... values) {
        if (index < 0 || index >= values.length) {
            throw new IndexOutOfBoundsException("argument " + index + " of " + values.length);
        }
        return values[index];
    }
}
