package org.fabrica.shell;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.fabrica.experiment.results.AtomicFile;
import org.fabrica.traffic.trace.PtransGenerator;
import org.fabrica.traffic.trace.PtransParameters;
import org.fabrica.traffic.trace.Trace;
import org.fabrica.traffic.trace.TraceFormatException;
import org.fabrica.traffic.trace.TraceReader;
import org.fabrica.traffic.trace.TraceReplay;
import org.fabrica.traffic.trace.TraceWriter;
import org.fabrica.traffic.trace.otf2.Otf2FormatException;
import org.fabrica.traffic.trace.otf2.Otf2Importer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code fabrica trace generate ptrans ...}, {@code fabrica trace import ARCHIVE.otf2} and
 * {@code fabrica trace check FILE}: trace files without a simulation (docs/traces.md).
 */
@Command(name = "trace", mixinStandardHelpOptions = true, description = "Write and check trace files (docs/traces.md):"
        + " 'trace generate ptrans' writes a PTRANS-like trace, 'trace import ARCHIVE.otf2' converts an OTF2 trace of"
        + " an MPI program, 'trace check FILE' reads a trace and tells what it holds.",
        subcommands = {TraceCommands.Generate.class, TraceCommands.Import.class, TraceCommands.Check.class})
final class TraceCommands implements Callable<Integer> {
    private final PrintStream out;

    @Spec
    CommandSpec spec;

    TraceCommands(PrintStream out) {
        this.out = out;
    }

    @Override
    public Integer call() {
        throw new ParameterException(spec.commandLine(), "trace needs a subcommand: generate, import or check");
    }

    /** {@code trace generate}: the generators, one subcommand each. */
    @Command(name = "generate", mixinStandardHelpOptions = true, description = "Generate a trace file.",
            subcommands = {Ptrans.class})
    static final class Generate implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Override
        public Integer call() {
            throw new ParameterException(spec.commandLine(), "generate needs a generator: ptrans");
        }
    }

    /** {@code trace generate ptrans}: {@link PtransGenerator}. */
    @Command(name = "ptrans", mixinStandardHelpOptions = true, description = "A PTRANS-like transpose of an n x n matrix"
            + " over a P x Q process grid (docs/traces.md, \"A block transpose\"; not HPCC's PTRANS, which is hpcc-ptrans).")
    static final class Ptrans implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Option(names = "--ranks", description = "ranks, on the most nearly square grid (576: 24 x 24)")
        Integer ranks;

        @Option(names = "--grid", paramLabel = "PxQ", description = "the process grid instead of --ranks, e.g. 3x4")
        String grid;

        @Option(names = "--order", required = true, description = "matrix order n (n x n elements)")
        long order;

        @Option(names = "--iterations", defaultValue = "1", description = "transposes in a row (default 1)")
        int iterations;

        @Option(names = "--element-bytes", defaultValue = "8", description = "bytes per element (default 8)")
        int elementBytes;

        @Option(names = "--compute-per-element", defaultValue = "0", paramLabel = "NS",
                description = "compute time per element of the rank's block after each transpose, ns (default 0)")
        double computePerElement;

        @Option(names = "--compute-per-block", defaultValue = "0", paramLabel = "NS",
                description = "compute time per iteration added to that, ns (default 0)")
        long computePerBlock;

        @Option(names = "--barrier", description = "a barrier at the start of each iteration")
        boolean barrier;

        @Option(names = {"-o", "--out"}, paramLabel = "FILE", description = "the trace file to write (default: standard"
                + " output)")
        Path outFile;

        @picocli.CommandLine.ParentCommand
        Generate parent;

        @Override
        public Integer call() throws IOException {
            PtransParameters p;
            try {
                if ((ranks == null) == (grid == null)) {
                    throw new IllegalArgumentException("give either --ranks or --grid PxQ" + (ranks == null ? "" : ", not both"));
                }
                if (grid != null) {
                    String[] pq = grid.toLowerCase(java.util.Locale.ROOT).split("x");
                    int rows;
                    int cols;
                    try {
                        rows = Integer.parseInt(pq[0].trim());
                        cols = pq.length == 2 ? Integer.parseInt(pq[1].trim()) : -1;
                    } catch (NumberFormatException e) {
                        rows = -1;
                        cols = -1;
                    }
                    if (rows < 1 || cols < 1) {
                        throw new IllegalArgumentException("--grid " + grid + " is not a grid; write rows x columns, e.g."
                                + " --grid 3x4");
                    }
                    p = new PtransParameters(rows, cols, order, PtransParameters.DOUBLE_BYTES, 1, 0, 0, false);
                } else {
                    if (ranks < 1) {
                        throw new IllegalArgumentException("--ranks " + ranks + "; use >= 1");
                    }
                    p = PtransParameters.of(ranks, order);
                }
                p = p.withElementBytes(elementBytes).withIterations(iterations).withCompute(computePerElement,
                        computePerBlock).withBarrier(barrier);
            } catch (IllegalArgumentException e) {
                throw new ParameterException(spec.commandLine(), "trace generate ptrans: " + e.getMessage());
            }
            checkWritable(spec, outFile);
            Trace trace = PtransGenerator.generate(p);
            PrintStream out = ((TraceCommands) spec.parent().parent().userObject()).out;
            if (outFile == null) {
                out.print(TraceWriter.toText(trace));
                return FabricaCli.OK;
            }
            write(spec, trace, outFile);
            out.println("wrote " + outFile + ": " + trace.ranks() + " ranks (" + p.gridRows() + " x " + p.gridColumns()
                    + " grid), order " + p.order() + ", " + p.iterations() + " iteration(s), " + trace.eventCount()
                    + " events");
            return FabricaCli.OK;
        }
    }

    /**
     * Writes in one step ({@link AtomicFile}): an interrupted or failed command leaves no half-written
     * file; a place that cannot be written is bad input, named with the reason.
     */
    private static void write(CommandSpec spec, Trace trace, Path outFile) {
        checkWritable(spec, outFile);
        try {
            AtomicFile.write(outFile.toAbsolutePath(), TraceWriter.toText(trace));
        } catch (IOException e) {
            throw new ParameterException(spec.commandLine(), "cannot write " + outFile + ": " + reason(e)
                    + "; choose a file in a folder you can write");
        }
    }

    /** Refuses an output that is a folder, or whose folder does not exist, before any work is done. */
    static void checkWritable(CommandSpec spec, Path outFile) {
        if (outFile == null) {
            return;
        }
        if (outFile.toString().isBlank()) {
            throw new ParameterException(spec.commandLine(), "-o is empty; give the trace file to write, e.g. -o run.trace");
        }
        if (java.nio.file.Files.isDirectory(outFile)) {
            throw new ParameterException(spec.commandLine(), "-o " + outFile + " is a folder; give the trace file's"
                    + " name, e.g. -o " + outFile.resolve("run.trace"));
        }
        Path parent = outFile.toAbsolutePath().getParent();
        if (parent != null && !java.nio.file.Files.isDirectory(parent)) {
            throw new ParameterException(spec.commandLine(), "cannot write " + outFile + ": folder " + parent
                    + " does not exist; create it first");
        }
    }

    /** An I/O failure in words: what the file system said, without the exception's class. */
    static String reason(IOException e) {
        if (e instanceof java.nio.file.AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof java.nio.file.NoSuchFileException) {
            return "no such file or folder";
        }
        if (e instanceof java.nio.file.FileSystemException f && f.getReason() != null) {
            return f.getReason();
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }

    /** {@code trace import ARCHIVE.otf2}: {@link Otf2Importer}. */
    @Command(name = "import", mixinStandardHelpOptions = true, description = "Convert the MPI records of an OTF2 archive"
            + " (Score-P's traces.otf2) to Fabrica's trace format (docs/traces.md, \"Importing OTF2\"): one rank per MPI"
            + " rank, the time outside MPI calls as compute events.")
    static final class Import implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Parameters(index = "0", paramLabel = "ARCHIVE", description = "the archive's anchor file (NAME.otf2, with NAME.def"
                + " and NAME/ beside it), or a folder holding one")
        Path archive;

        @Option(names = {"-o", "--out"}, paramLabel = "FILE", description = "the trace file to write (default: standard"
                + " output)")
        Path outFile;

        @Option(names = "--skip-unsupported", description = "leave out collectives the trace format does not have"
                + " (rooted ones, those on other communicators than MPI_COMM_WORLD) instead of refusing the archive;"
                + " their traffic is then missing from a replay")
        boolean skipUnsupported;

        @Override
        public Integer call() throws IOException {
            PrintStream out = ((TraceCommands) spec.parent().userObject()).out;
            checkWritable(spec, outFile);
            Otf2Importer.Result result;
            try {
                result = Otf2Importer.importArchive(archive, skipUnsupported);
            } catch (Otf2FormatException e) {
                throw new ParameterException(spec.commandLine(), e.getMessage());
            }
            Trace trace = result.trace();
            if (outFile == null) {
                out.print(TraceWriter.toText(trace));
                return FabricaCli.OK;
            }
            write(spec, trace, outFile);
            TraceReplay.Prepared prepared = TraceReplay.prepare(trace);
            out.printf(java.util.Locale.ROOT, "wrote %s: %d ranks, %d events from %s (OTF2 %s, %.4g ticks per second);"
                    + " %d messages of %d bytes with collectives expanded, %.1f us of computation over all ranks%n",
                    outFile, trace.ranks(), trace.eventCount(), archive, result.version(),
                    (double) result.timerResolution(), prepared.messages(), prepared.bytes(),
                    result.computeNanoseconds() / 1e3);
            result.skipped().forEach((what, count) -> out.println("left out (--skip-unsupported): " + count + " x " + what));
            if (result.droppedReceives() > 0) {
                out.println("left out: " + result.droppedReceives() + " receive(s) posted but never completed (cancelled"
                        + " or still pending when the trace ends)");
            }
            if (result.sendsCompletedAtEnd() > 0) {
                out.println("completed at the end: " + result.sendsCompletedAtEnd() + " non-blocking send(s) the trace"
                        + " never completes");
            }
            if (result.unknownCompletions() > 0) {
                out.println("ignored: " + result.unknownCompletions() + " completion(s) of requests the trace never"
                        + " started");
            }
            Check.report(out, "receives without a matching send (a replay blocks on them)", prepared.unmatchedReceives());
            Check.report(out, "sends without a matching receive", prepared.unmatchedSends());
            return FabricaCli.OK;
        }
    }

    /** {@code trace check FILE}: reads a trace and tells what it holds. */
    @Command(name = "check", mixinStandardHelpOptions = true, description = "Read a trace file, report its errors with"
            + " file, line and column, or what it holds: ranks, events, messages (collectives expanded), bytes, and"
            + " sends and receives without a partner.")
    static final class Check implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Parameters(index = "0", paramLabel = "FILE", description = "a trace file")
        Path file;

        @Override
        public Integer call() throws IOException {
            PrintStream out = ((TraceCommands) spec.parent().userObject()).out;
            Trace trace;
            try {
                trace = TraceReader.read(file);
            } catch (java.nio.file.NoSuchFileException e) {
                throw new ParameterException(spec.commandLine(), file + ": no such trace file");
            } catch (TraceFormatException e) {
                throw new ParameterException(spec.commandLine(), e.getMessage());
            } catch (java.nio.charset.CharacterCodingException e) {
                throw new ParameterException(spec.commandLine(), file + " is not a trace file: it is not UTF-8 text"
                        + " (a binary file? an OTF2 archive is converted with: trace import ARCHIVE -o FILE)");
            } catch (IOException e) {
                throw new ParameterException(spec.commandLine(), java.nio.file.Files.isDirectory(file)
                        ? file + " is a folder; give a trace file" : "cannot read " + file + ": " + reason(e));
            }
            TraceReplay.Prepared prepared = TraceReplay.prepare(trace);
            out.println(file + ": " + trace.ranks() + " ranks, " + trace.eventCount() + " events; " + prepared.events()
                    + " events and " + prepared.messages() + " messages of " + prepared.bytes()
                    + " bytes with collectives expanded");
            report(out, "receives without a matching send (a replay blocks on them)", prepared.unmatchedReceives());
            report(out, "sends without a matching receive", prepared.unmatchedSends());
            return FabricaCli.OK;
        }

        static void report(PrintStream out, String what, List<String> sites) {
            if (sites.isEmpty()) {
                return;
            }
            out.println(sites.size() + " " + what + ":");
            for (int i = 0; i < Math.min(10, sites.size()); i++) {
                out.println("  " + sites.get(i));
            }
            if (sites.size() > 10) {
                out.println("  ... and " + (sites.size() - 10) + " more");
            }
        }
    }
}
