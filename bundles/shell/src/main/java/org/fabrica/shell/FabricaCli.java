package org.fabrica.shell;

import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.stream.Stream;
import org.fabrica.experiment.ExperimentException;
import org.fabrica.experiment.ExperimentService;
import org.fabrica.experiment.ProgressListener;
import org.fabrica.experiment.ProviderCatalog;
import org.fabrica.experiment.RunHandle;
import org.fabrica.experiment.RunOptions;
import org.fabrica.experiment.RunState;
import org.fabrica.experiment.report.TextTable;
import org.fabrica.experiment.results.RunStatus;
import org.fabrica.params.ParameterException;
import org.fabrica.sweep.PointResult;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * The command-line mode: {@code fabrica run | validate | schedule | algorithms | help | compare | shell | bench |
 * trace}, parsed with
 * picocli. {@link #execute} returns the process exit code: 0 ok, 1 a point or run failed, 2 bad
 * input (unknown command or option, malformed value, {@link ExperimentException}).
 */
final class FabricaCli {
    static final int OK = 0;
    static final int FAILED = 1;
    static final int BAD_INPUT = 2;
    /** What a command stopped by a signal before its run started says. */
    static final String NOTHING_RUN = "fabrica: interrupted; nothing was run";

    private final ExperimentService experiments;
    private final ProviderCatalog catalog;
    private final PrintStream out;
    private final PrintStream err;
    private final boolean terminal;
    private final Path home;
    private volatile RunHandle active;
    /** A signal asked the command to stop ({@link #interrupt}). */
    private volatile boolean interrupted;
    /** A signal came, which the launcher has answered itself ({@link #stopWhen}). */
    private volatile java.util.function.BooleanSupplier signalled = () -> false;

    /**
     * @param terminal standard error is a terminal (progress redrawn in place)
     * @param home installation folder to find examples/bench in when the working directory has
     *        none, or null
     */
    FabricaCli(ExperimentService experiments, ProviderCatalog catalog, PrintStream out, PrintStream err,
            boolean terminal, Path home) {
        this.experiments = experiments;
        this.catalog = catalog;
        this.out = out;
        this.err = err;
        this.terminal = terminal;
        this.home = home;
    }

    /** Parses and runs one command line; returns the exit code. */
    int execute(String... args) {
        CommandLine cl = new CommandLine(new Fabrica());
        cl.addSubcommand("run", new Run());
        cl.addSubcommand("validate", new Validate());
        cl.addSubcommand("schedule", new Schedule());
        cl.addSubcommand("algorithms", new Algorithms());
        cl.addSubcommand("help", new Help());
        cl.addSubcommand("compare", new Compare());
        cl.addSubcommand("status", new Status());
        cl.addSubcommand("shell", new ShellCommand());
        cl.addSubcommand("bench", new BenchCommand());
        cl.addSubcommand("trace", new TraceCommands(out));
        cl.addSubcommand("model", new ModelCommands(out));
        cl.addSubcommand("member", new MemberCommand(out, err));
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        cl.setParameterExceptionHandler((e, a) -> {
            err.println(unknownCommand(e).orElse(e.getMessage()));
            err.println("Usage: " + usageLine(e.getCommandLine()) + "  (" + helpHint(e.getCommandLine())
                    + " for details)");
            return BAD_INPUT;
        });
        cl.setExecutionExceptionHandler((e, c, p) -> {
            if (e instanceof ExperimentException || e instanceof ParameterException) {
                err.println(e.getMessage());
                return BAD_INPUT;
            }
            err.println("error: " + e);
            return FAILED;
        });
        try {
            return cl.execute(args);
        } catch (OutOfMemoryError e) {
            // picocli hands on errors; the stack unwound, so the heap is free again to say so
            err.println(outOfMemory(Runtime.getRuntime().maxMemory()));
            return FAILED;
        }
    }

    /**
     * For a first word that is no command ({@code ./fabrica frobnicate}): the word, the closest
     * command and the list of commands; empty for any other error.
     */
    static java.util.Optional<String> unknownCommand(picocli.CommandLine.ParameterException e) {
        if (!(e instanceof picocli.CommandLine.UnmatchedArgumentException u) || e.getCommandLine().getParent() != null
                || u.getUnmatched().isEmpty() || e.getCommandLine().getParseResult() == null
                || e.getCommandLine().getParseResult().originalArgs().isEmpty()
                || !e.getCommandLine().getParseResult().originalArgs().get(0).equals(u.getUnmatched().get(0))
                || u.getUnmatched().get(0).startsWith("-")) {
            return java.util.Optional.empty();
        }
        String word = u.getUnmatched().get(0);
        return java.util.Optional.of("unknown command '" + word + "'"
                + org.fabrica.params.Suggestions.hint(word, e.getCommandLine().getSubcommands().keySet()));
    }

    /**
     * The command that continues a stopped run: its results folder, whose experiment.yaml is the
     * experiment resolved (so it runs as it is, with the same id), and {@code --resume}; as
     * {@code status} prints it.
     */
    static String continueCommand(Path outDir) {
        String dir = outDir.toString();
        return "./fabrica run " + (dir.matches("[A-Za-z0-9_./:@%+=,-]+") ? dir : "'" + dir.replace("'", "'\\''") + "'")
                + " --resume";
    }

    /**
     * For {@code run DIR --resume} (no --set) of a folder whose run finished every point: that there is nothing
     * to do, and how to run it again; empty for any other run (which goes on as usual).
     */
    static java.util.Optional<String> finishedAlready(Path file, RunOptions options) {
        if (!options.resume() || options.outDir() == null || !options.overrides().isEmpty() || !Files.isDirectory(file)
                || !file.toAbsolutePath().normalize().equals(options.outDir())
                || !Files.isRegularFile(options.outDir().resolve(org.fabrica.experiment.results.ResultsStore.RUN))) {
            return java.util.Optional.empty();
        }
        try {
            return nothingToResume(RunStatus.read(options.outDir()));
        } catch (ExperimentException unreadable) {
            return java.util.Optional.empty(); // the run says what is wrong with the folder
        }
    }

    /** The "nothing to do" of {@link #finishedAlready}, from the folder's status; empty unless all is done. */
    static java.util.Optional<String> nothingToResume(RunStatus status) {
        if (status.live() || !"finished".equals(status.run().state()) || status.failed() > 0
                || status.done() < status.run().points()) {
            return java.util.Optional.empty();
        }
        String dir = status.dir().toString();
        return java.util.Optional.of("Nothing to do: run " + status.run().runId() + " of " + dir + " finished all its "
                + status.run().points() + " points (ended " + status.run().ended() + "); its results are there, "
                + "unchanged. To run the experiment again from the start: ./fabrica run " + dir
                + "/experiment.yaml --out NEW-FOLDER");
    }

    /** What to do when the heap ran out: the heap's size, and how to raise it or shrink the run. */
    static String outOfMemory(long maxHeapBytes) {
        return "out of memory: the Java heap (at most " + maxHeapBytes / (1024 * 1024) + " MB) is too small for this "
                + "command; raise it (e.g. FABRICA_JAVA_OPTS=-Xmx8g ./fabrica ...), run fewer points at once "
                + "(--threads 1), or make the configuration smaller";
    }

    /**
     * A signal (SIGINT, SIGTERM) asks the command to stop: a run not started yet is not started, a run in
     * progress is stopped (returns when its results folder is finished). The command then ends as usual.
     */
    void interrupt() {
        interrupted = true;
        cancel();
    }

    /**
     * A run is not started once {@code signalled} is true: the launcher has had a signal and, finding no command
     * to ask, has said itself that nothing was run (so nothing more is said).
     */
    void stopWhen(java.util.function.BooleanSupplier signalled) {
        this.signalled = signalled;
    }

    /** Stops the run in progress, if any (the framework is stopping). */
    void cancel() {
        RunHandle h = active;
        if (h != null) {
            h.stop();
        }
    }

    private static String usageLine(CommandLine c) {
        String synopsis = c.getHelp().synopsis(0).strip();
        return synopsis.isEmpty() ? c.getCommandName() : synopsis;
    }

    private static String helpHint(CommandLine c) {
        return c.getParent() == null ? "fabrica --help" : c.getCommandSpec().qualifiedName() + " --help";
    }

    /** Waits for a run to end; when this thread is interrupted, stops the run. */
    private RunState await(RunHandle handle) throws InterruptedException {
        active = handle;
        if (interrupted) { // asked while the run was being started: interrupt() saw no run to stop
            handle.stop();
        }
        // a plain future: the handle's stage need not support toCompletableFuture()
        CompletableFuture<RunState> end = new CompletableFuture<>();
        handle.completion().whenComplete((state, failure) -> {
            if (failure != null) {
                end.completeExceptionally(failure);
            } else {
                end.complete(state);
            }
        });
        try {
            return end.get();
        } catch (InterruptedException e) {
            handle.stop();
            throw e;
        } catch (ExecutionException e) {
            Throwable cause = e.getCause() == null ? e : e.getCause();
            err.println("run " + handle.id() + " failed: " + cause.getMessage());
            return RunState.FAILED;
        } finally {
            active = null;
        }
    }

    @Command(name = "fabrica", mixinStandardHelpOptions = true, versionProvider = FabricaVersion.class,
            description = {"Interconnection network simulator. Commands: run, validate, schedule, algorithms, help, bench, "
                    + "compare, status, trace, model, member, shell ('fabrica shell' opens the interactive Gogo shell, where fabrica:help lists its commands: fabrica:algorithms, fabrica:run, ...).",
                "Launcher options go before the command: --features core,torus (features/*.json; default: all), "
                    + "--plugins DIR (drop-in folder; default launch/plugins)."})
    final class Fabrica implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Override
        public Integer call() {
            err.println("No command given.");
            spec.commandLine().usage(err);
            return BAD_INPUT;
        }
    }

    @Command(name = "run", mixinStandardHelpOptions = true,
            description = "Validate an experiment file, run it with a progress bar, print a summary table.")
    final class Run implements Callable<Integer> {
        @Mixin
        RunArguments arguments = new RunArguments();

        @Override
        public Integer call() {
            RunOptions options = arguments.options(false);
            Path file = arguments.file();
            java.util.Optional<String> done = finishedAlready(arguments.file, options); // the FILE as given: DIR
            if (done.isPresent()) {
                out.println(done.get());
                return OK;
            }
            out.println(TextTable.fit(experiments.validate(file, options).strip()));
            out.flush();
            if (interrupted || signalled.getAsBoolean()) {
                if (interrupted) { // else the launcher said it
                    err.println(NOTHING_RUN);
                }
                return FAILED;
            }
            ProgressDisplay progress = new ProgressDisplay(err, terminal);
            RunHandle handle = experiments.start(file, options, progress);
            progress.follow(handle::stats);
            RunState state;
            try {
                state = await(handle);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                progress.finish();
                err.println("Interrupted: run " + handle.id() + " stopped; finished points are in " + handle.outDir()
                        + "; continue with: " + continueCommand(handle.outDir()));
                return FAILED;
            }
            progress.finish();
            List<PointResult> results = handle.results();
            out.println();
            out.print(ResultSummary.table(results));
            String modeSummary = handle.summaryText();
            if (!modeSummary.isEmpty()) {
                // ramp, collective and schedulability experiments: their summary tables (critical loads, durations, ratios)
                out.println();
                out.print(modeSummary);
            }
            out.println();
            out.println("Results: " + handle.outDir());
            out.flush();
            for (String failure : ResultSummary.failures(results)) {
                err.println(failure);
            }
            if (state == RunState.STOPPED) {
                // Ctrl-C or SIGTERM: the launcher stopped the run; say how to continue it.
                err.println("Run " + handle.id() + " stopped; finished points are in " + handle.outDir()
                        + "; continue with: " + continueCommand(handle.outDir()));
            } else if (state != RunState.FINISHED) {
                // no full stop after the error: it may end with a command to copy (a full disk's --resume)
                err.println("Run " + handle.id() + " ended " + state.name().toLowerCase()
                        + handle.error().map(e -> ": " + e).orElse("."));
            }
            return ResultSummary.anyFailed(results) || state != RunState.FINISHED ? FAILED : OK;
        }
    }

    @Command(name = "status", mixinStandardHelpOptions = true,
            description = "Where the run of each results folder stands, read from the folder (from any terminal): its "
                    + "points done, saturated and failed, whether a run holds it and, while one runs, its progress and "
                    + "running points (cycle, phase, time); a run that was killed is named interrupted, with the "
                    + "points it lost and how to continue.")
    final class Status implements Callable<Integer> {
        @Parameters(arity = "1..*", paramLabel = "DIR", description = "Results folders (each with a run.json).")
        List<Path> folders = new ArrayList<>();

        @Override
        public Integer call() {
            int code = OK;
            for (Path dir : folders) {
                try {
                    out.print(StatusText.text(RunStatus.read(dir), java.time.Instant.now()));
                } catch (ExperimentException e) {
                    err.println(e.getMessage());
                    code = BAD_INPUT;
                }
            }
            out.flush();
            return code;
        }
    }

    @Command(name = "validate", mixinStandardHelpOptions = true,
            description = "Check an experiment file against the registered providers and describe its sweep.")
    final class Validate implements Callable<Integer> {
        // --out and --resume decide whether the results folder can be used, which validate checks
        // without writing anything.
        @Mixin
        ValidateArguments arguments = new ValidateArguments();

        @Override
        public Integer call() {
            out.println(TextTable.fit(experiments.validate(arguments.file(), arguments.options(false)).strip()));
            return OK;
        }
    }

    @Command(name = "schedule", mixinStandardHelpOptions = true,
            description = "Print the schedule each scheduler of an m2n experiment makes: rounds of (source,destination)"
                    + " pairs per transaction, or CSV with --csv.")
    final class Schedule implements Callable<Integer> {
        @Parameters(index = "0", paramLabel = "FILE", description = "experiment file (mode m2n)")
        Path file;

        @Option(names = "--csv", description = "print the scheduled transfers as CSV (communication, scheme, transaction,"
                + " round, request, source, destination, size, route)")
        boolean csv;

        @Option(names = "--set", paramLabel = "KEY=VALUE", description = "override a value of the file, as for run")
        List<String> sets = new ArrayList<>();

        @Override
        public Integer call() {
            out.print(experiments.schedule(file, new RunOptions(null, false, 1, Overrides.parse(sets, "--set"), false), csv));
            return OK;
        }
    }

    @Command(name = "algorithms", mixinStandardHelpOptions = true,
            description = "List every provider per concept with its bundle and version.")
    final class Algorithms implements Callable<Integer> {
        @Option(names = "--json", description = "Machine-readable: every provider with its parameters, as JSON.")
        boolean json;

        @Override
        public Integer call() {
            out.print(json ? ProviderListing.json(catalog) : ProviderListing.algorithms(catalog));
            return OK;
        }
    }

    @Command(name = "help", mixinStandardHelpOptions = true,
            description = "Show a provider's parameters: type, default, range and description.")
    final class Help implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Parameters(index = "0", arity = "0..1", paramLabel = "COMMAND|CONCEPT",
                description = "A command (run, validate, ...) or a concept (routing, topology, queuing, ...).")
        String first;

        @Parameters(index = "1", arity = "0..1", paramLabel = "NAME", description = "A provider's name, e.g. dor.")
        String name;

        @Override
        public Integer call() {
            CommandLine root = spec.commandLine().getParent();
            if (first == null) {
                root.usage(out);
                return OK;
            }
            if (name == null) {
                CommandLine command = root.getSubcommands().get(first);
                if (command != null) {
                    command.usage(out);
                    return OK;
                }
                if (catalog.concepts().contains(first)) {
                    out.print(ProviderListing.concept(catalog, first));
                    return OK;
                }
                throw new ExperimentException("'" + first + "' is neither a command nor a concept"
                        + org.fabrica.params.Suggestions.hint(first, names(root)) + "; try fabrica help");
            }
            CommandLine command = root.getSubcommands().get(first);
            if (command != null && !catalog.concepts().contains(first)) {
                // a command's own subcommand (help model multirail, help trace check), as help routing dor
                CommandLine sub = command.getSubcommands().get(name);
                if (sub == null) {
                    throw new ExperimentException(command.getSubcommands().isEmpty()
                            ? "'" + first + "' is a command without subcommands; try fabrica help " + first
                            : "'" + first + " " + name + "' is no command" + org.fabrica.params.Suggestions.hint(name,
                                    command.getSubcommands().keySet()) + "; try fabrica help " + first);
                }
                sub.usage(out);
                return OK;
            }
            out.print(ProviderListing.help(catalog, first, name));
            return OK;
        }

        private List<String> names(CommandLine root) {
            List<String> all = new ArrayList<>(root.getSubcommands().keySet());
            all.addAll(catalog.concepts());
            return all;
        }
    }

    @Command(name = "compare", mixinStandardHelpOptions = true,
            description = "Two results folders side by side, point by point: per metric the median, smallest and "
                    + "largest ratio B/A and the largest difference; --metric M for every point of M; --plot DIR draws "
                    + "both folders' load-latency and throughput curves on the same axes (A solid, B dashed).")
    final class Compare implements Callable<Integer> {
        @Parameters(index = "0", paramLabel = "A", description = "Results folder (or its points.csv).")
        Path a;

        @Parameters(index = "1", paramLabel = "B", description = "Results folder (or its points.csv) compared with A.")
        Path b;

        @Option(names = "--metric", paramLabel = "M", split = ",",
                description = "Show every point of these metrics (e.g. --metric latency.avg,accepted).")
        List<String> metrics = new ArrayList<>();

        @Option(names = "--plot", paramLabel = "DIR", description = "Also write per traffic pattern the two folders' "
                + "latency against accepted traffic and accepted against offered traffic on the same axes, each scheme "
                + "in one colour, A solid and B dashed: DIR/compare-latency-<pattern>.svg and .png, "
                + "DIR/compare-throughput-<pattern>.svg and .png (load-latency runs only).")
        Path plot;

        @Option(names = "--names", paramLabel = "A,B", split = ",",
                description = "The two folders' names in the plots' legends (default: the folders' own names).")
        List<String> names = new ArrayList<>();

        @Option(names = "--cycle-ns", paramLabel = "NS", description = "Draw latency in microseconds, a cycle being NS "
                + "nanoseconds (e.g. 5.12 for 64-byte flits at 100 Gbps); default: in cycles, as points.csv has it.")
        Double cycleNs;

        @Override
        public Integer call() {
            for (Path p : List.of(a, b)) {
                // a folder whose run was killed still says running: settle it first, and say what was read
                experiments.settleInterrupted(Files.isDirectory(p) ? p : p.toAbsolutePath().getParent())
                        .ifPresent(note -> err.println("compare: " + note));
            }
            if (!names.isEmpty() && names.size() != 2) {
                throw new ExperimentException("--names takes two names, one per folder (e.g. --names shared,voq); "
                        + names.size() + " given");
            }
            String textA = ResultsComparison.readText(a);
            String textB = ResultsComparison.readText(b);
            ResultsComparison.Points pointsA = ResultsComparison.read(a, textA);
            ResultsComparison.Points pointsB = ResultsComparison.read(b, textB);
            List<ComparisonCharts.Named> charts = plot == null ? List.of() : comparisonCharts(textA, textB);
            out.print(ResultsComparison.text(pointsA, pointsB, metrics));
            java.util.Optional<String> disjoint = ResultsComparison.noCommonPoint(pointsA, pointsB);
            if (disjoint.isPresent()) {
                out.flush();
                err.println("compare: " + disjoint.get());
                return BAD_INPUT;
            }
            if (plot != null) {
                writeCharts(charts);
            }
            return OK;
        }

        private List<ComparisonCharts.Named> comparisonCharts(String textA, String textB) {
            try {
                List<PointResult> rowsA = ComparisonCharts.rows(a.toString(), textA);
                List<PointResult> rowsB = ComparisonCharts.rows(b.toString(), textB);
                String nameA = names.isEmpty() ? folderName(a) : names.get(0);
                String nameB = names.isEmpty() ? folderName(b) : names.get(1);
                if (nameA.equals(nameB)) { // two folders of one name: keep the legends apart
                    nameA = "A " + nameA;
                    nameB = "B " + nameB;
                }
                return ComparisonCharts.charts(nameA, rowsA, nameB, rowsB, cycleNs == null ? Double.NaN : cycleNs);
            } catch (IllegalArgumentException e) {
                throw new ExperimentException(e.getMessage());
            }
        }

        private void writeCharts(List<ComparisonCharts.Named> charts) {
            try {
                Files.createDirectories(plot);
                for (ComparisonCharts.Named c : charts) {
                    Path svg = plot.resolve(c.stem() + ".svg");
                    Files.writeString(svg, org.fabrica.plot.ChartRenderer.svg(c.chart(), true));
                    Files.write(plot.resolve(c.stem() + ".png"), org.fabrica.plot.ChartRenderer.png(c.chart()));
                    out.println("plot: " + svg + " (and .png)");
                }
            } catch (IOException e) {
                throw new ExperimentException("--plot " + plot + ": cannot write the charts there (" + e.getMessage()
                        + "); name a folder you can write to");
            }
        }

        /** A results folder's own name (the folder of a points.csv given instead). */
        private static String folderName(Path p) {
            Path folder = Files.isDirectory(p) ? p : p.toAbsolutePath().getParent();
            Path name = folder == null ? null : folder.toAbsolutePath().normalize().getFileName();
            return name == null ? p.toString() : name.toString();
        }
    }

    @Command(name = "shell", description = "Open the interactive Gogo shell (fabrica:help lists its commands: fabrica:run,"
            + " fabrica:pause, fabrica:swap, ...);"
            + " started by the launcher as ./fabrica shell, not from a command line already running.")
    final class ShellCommand implements Callable<Integer> {
        @Override
        public Integer call() {
            err.println("The shell is started by the launcher: run ./fabrica shell (not 'fabrica shell' from inside "
                    + "another command).");
            return BAD_INPUT;
        }
    }

    @Command(name = "bench", mixinStandardHelpOptions = true,
            description = "Run the fixed benchmark configurations single-threaded and print one BENCH line each.")
    final class BenchCommand implements Callable<Integer> {
        @Option(names = "--quick", description = "A smoke of the bench: every configuration with much shorter warm-up,"
                + " measurement and drain windows (about half a minute).")
        boolean quick;

        @Option(names = "--only", paramLabel = "TEXT", description = "Only configurations whose name contains TEXT.")
        String only;

        @Option(names = "--dir", paramLabel = "DIR", description = "Folder of the bench files (default examples/bench).")
        Path dir;

        @Option(names = "--out", paramLabel = "DIR",
                description = "Keep the results here (default: a temporary folder, deleted afterwards).")
        Path outDir;

        @Option(names = "--jit-warmup", negatable = true, defaultValue = "true", fallbackValue = "true",
                description = "First run the first configuration with quick windows, unreported, so that the JIT"
                        + " has compiled the hot path before anything is measured (default: on).")
        boolean jitWarmup;

        @Override
        public Integer call() throws IOException {
            Path files = benchFolder(dir);
            List<Bench.Config> configs = new ArrayList<>();
            for (Bench.Config c : Bench.CONFIGS) {
                if (only == null || c.name().contains(only)) {
                    configs.add(c);
                }
            }
            if (configs.isEmpty()) {
                List<String> names = new ArrayList<>();
                Bench.CONFIGS.forEach(c -> names.add(c.name()));
                throw new ExperimentException("No bench configuration contains '" + only + "'; configurations: "
                        + String.join(", ", names));
            }
            for (Bench.Config c : configs) {
                if (!Files.isRegularFile(files.resolve(c.fileName()))) {
                    throw new ExperimentException("Bench file " + files.resolve(c.fileName()) + " is missing; "
                            + "restore examples/bench/ or point --dir at a folder that has it.");
                }
            }
            Path base = outDir != null ? outDir.toAbsolutePath().normalize() : Files.createTempDirectory("fabrica-bench-");
            err.println("bench: " + configs.size() + " configuration(s), one thread" + (quick ? ", quick windows" : "")
                    + ", files in " + files);
            boolean failed = false;
            try {
                if (jitWarmup) {
                    Bench.Config first = configs.get(0);
                    err.println("bench: JIT warm-up with " + first.name() + " (quick windows, not reported)");
                    RunHandle warm = experiments.start(files.resolve(first.fileName()),
                            new RunOptions(base.resolve("jit-warmup"), false, 1, first.quickOverrides(), false),
                            new ProgressListener() {
                            });
                    try {
                        await(warm);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        err.println("bench: interrupted");
                        return FAILED;
                    }
                }
                for (Bench.Config c : configs) {
                    err.println("bench: " + c.name());
                    Map<String, String> overrides = quick ? c.quickOverrides() : Map.of();
                    RunOptions options = new RunOptions(base.resolve(c.name()), false, 1, overrides, false);
                    RunHandle handle = experiments.start(files.resolve(c.fileName()), options, new ProgressListener() {
                    });
                    RunState state;
                    try {
                        state = await(handle);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        err.println("bench: interrupted");
                        return FAILED;
                    }
                    List<PointResult> results = handle.results();
                    if (results.isEmpty()) {
                        out.println(Bench.failedLine(c, "run ended " + state.name().toLowerCase() + " without a result"));
                        failed = true;
                    }
                    for (PointResult r : results) {
                        out.println(Bench.line(c, r));
                        if (r.failed()) {
                            err.println("bench: " + c.name() + " failed: " + r.failure());
                            failed = true;
                        }
                    }
                    out.flush();
                }
            } finally {
                if (outDir == null) {
                    deleteTree(base);
                }
            }
            return failed ? FAILED : OK;
        }
    }

    /** examples/bench under the working directory, else under the installation folder. */
    Path benchFolder(Path given) {
        if (given != null) {
            if (!Files.isDirectory(given)) {
                throw new ExperimentException("--dir " + given + " is not a folder; give the folder of the bench files.");
            }
            return given.toAbsolutePath().normalize();
        }
        List<Path> tried = new ArrayList<>();
        tried.add(Path.of("examples", "bench").toAbsolutePath().normalize());
        if (home != null) {
            Path inHome = home.resolve("examples").resolve("bench").toAbsolutePath().normalize();
            if (!tried.contains(inHome)) {
                tried.add(inHome);
            }
        }
        for (Path p : tried) {
            if (Files.isDirectory(p)) {
                return p;
            }
        }
        throw new ExperimentException("No bench files: looked in " + tried
                + "; run from the Fabrica folder or give --dir examples/bench.");
    }

    private static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> s = Files.walk(root)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
