package org.fabrica.shell;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.felix.service.command.Descriptor;
import org.fabrica.experiment.ExperimentException;
import org.fabrica.experiment.ExperimentService;
import org.fabrica.experiment.ProgressListener;
import org.fabrica.experiment.ProviderCatalog;
import org.fabrica.experiment.RunHandle;
import org.fabrica.experiment.RunOptions;
import org.fabrica.experiment.RunState;
import org.fabrica.experiment.report.TextTable;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * Gogo commands of scope {@code fabrica}. Gogo calls these public methods by name and prints what
 * they write to {@code System.out} in the calling session. Errors print their message only (no
 * stack trace): a typo in a provider name is not a crash.
 */
// immediate: Gogo gets and ungets the service around every call, which would dispose a delayed
// component and lose the progress of the runs started from this shell.
@Component(service = Object.class, immediate = true, property = {
    "osgi.command.scope=fabrica",
    "osgi.command.function=algorithms",
    "osgi.command.function=help",
    "osgi.command.function=run",
    "osgi.command.function=schedule",
    "osgi.command.function=runs",
    "osgi.command.function=pause",
    "osgi.command.function=step",
    "osgi.command.function=resume",
    "osgi.command.function=stop",
    "osgi.command.function=stats",
    "osgi.command.function=status",
    "osgi.command.function=swap",
    "osgi.command.function=exit",
    "osgi.command.function=candidates"})
public final class FabricaCommands {
    @Reference
    private ExperimentService experiments;

    @Reference
    private ProviderCatalog catalog;

    /** Progress of the runs started from this shell, by run id. */
    private final Map<String, RunProgress> progress = new ConcurrentHashMap<>();

    /** Stops the framework (set when activated in one). */
    private volatile Runnable stopper;

    private PrintStream fixedOut;
    private PrintStream fixedErr;

    public FabricaCommands() {
    }

    @org.osgi.service.component.annotations.Activate
    void activate(org.osgi.framework.BundleContext context) {
        stopper = () -> {
            try {
                context.getBundle(org.osgi.framework.Constants.SYSTEM_BUNDLE_LOCATION).stop();
            } catch (org.osgi.framework.BundleException | IllegalStateException e) {
                System.err.println("fabrica: cannot stop the framework: " + e.getMessage());
            }
        };
    }

    /** For tests: fixed services and output streams. */
    FabricaCommands(ExperimentService experiments, ProviderCatalog catalog, PrintStream out, PrintStream err) {
        this.experiments = experiments;
        this.catalog = catalog;
        this.fixedOut = out;
        this.fixedErr = err;
    }

    @Descriptor("list every provider per concept with its bundle and version")
    public void algorithms() {
        attempt(() -> out().print(ProviderListing.algorithms(catalog)));
    }

    @Descriptor("list the fabrica commands")
    public void help() {
        out().print("""
                fabrica:algorithms                   every provider per concept, with bundle and version
                fabrica:help CONCEPT [NAME]          a concept's providers, or one's parameters (fabrica:help routing dor)
                fabrica:run FILE [--paused] [...]    start a run in the background; prints its id
                fabrica:runs                         every run of this shell: id, state, progress
                fabrica:pause RUN                    pause its simulations at the next cycle boundary
                fabrica:step RUN CYCLES              advance a paused run, then pause again
                fabrica:stats RUN                    live statistics per simulation and in total
                fabrica:swap RUN routing NAME [k=v]  replace routing in a paused run
                fabrica:resume RUN                   go on after a pause
                fabrica:stop RUN                     end a run; finished points stay in its folder
                fabrica:schedule FILE [--csv]        an m2n experiment's schedules
                exit                                 leave the shell (stops Fabrica)
                Tab completes commands, run ids, concepts and provider names.
                """);
    }

    @Descriptor("leave the shell: stops Fabrica")
    public void exit() {
        out().println("Stopping Fabrica.");
        Runnable stop = stopper;
        if (stop != null) {
            // not on the shell's own thread: stopping the framework stops this shell
            Thread t = new Thread(stop, "fabrica-exit");
            t.setDaemon(true);
            t.start();
        }
    }

    @Descriptor("list the providers of a concept: name, bundle, version, description")
    public void help(@Descriptor("concept, e.g. routing") String concept) {
        attempt(() -> out().print(ProviderListing.concept(catalog, concept)));
    }

    @Descriptor("show the parameters of a provider: type, default, range, description")
    public void help(@Descriptor("concept, e.g. routing") String concept,
            @Descriptor("provider name, e.g. dor") String name) {
        attempt(() -> out().print(ProviderListing.help(catalog, concept, name)));
    }

    @Descriptor("start an experiment in the background: run FILE [--out DIR] [--resume] [--threads N] [--paused] "
            + "[--set key=value]...; prints the run id")
    public void run(@Descriptor("FILE and options") String... arguments) {
        attempt(() -> {
            ShellRun parsed = new ShellRun();
            CommandLine cl = new CommandLine(parsed);
            try {
                cl.parseArgs(arguments);
            } catch (CommandLine.ParameterException e) {
                throw new ExperimentException(e.getMessage() + "; usage: fabrica:run FILE [--out DIR] [--resume] "
                        + "[--threads N] [--paused] [--set key=value]...");
            }
            RunOptions options = parsed.arguments.options(parsed.paused);
            RunProgress listener = new RunProgress();
            RunHandle handle = experiments.start(parsed.arguments.file(), options, listener);
            progress.put(handle.id(), listener);
            PrintStream session = out();
            session.println("Started run " + handle.id() + " (" + handle.experimentName() + ")"
                    + (parsed.paused ? ", paused before its first cycle" : "") + "; results in " + handle.outDir());
            // a background run says when it ends, in the session that started it
            handle.completion().thenAccept(state -> session.println(ended(handle, state)));
        });
    }

    @Descriptor("print the schedule each scheduler of an m2n experiment makes: rounds of (source,destination) pairs"
            + " per transaction; schedule FILE [--csv]")
    public void schedule(@Descriptor("FILE and optionally --csv") String... arguments) {
        PrintStream out = out();
        PrintStream err = err();
        boolean csv = false;
        String file = null;
        for (String a : arguments) {
            if (a.equals("--csv")) {
                csv = true;
            } else if (file == null && !a.startsWith("--")) {
                file = a;
            } else {
                err.println("schedule: unexpected argument '" + a + "'; usage: fabrica:schedule FILE [--csv]");
                return;
            }
        }
        if (file == null) {
            err.println("schedule: no file; usage: fabrica:schedule FILE [--csv]");
            return;
        }
        try {
            out.print(experiments.schedule(Path.of(file), null, csv));
        } catch (ExperimentException e) {
            err.println(e.getMessage());
        }
    }

    @Descriptor("list the runs: id, name, state, progress")
    public void runs() {
        attempt(() -> {
            List<RunHandle> all = experiments.runs();
            if (all.isEmpty()) {
                out().println("No runs yet; start one with fabrica:run FILE.");
                return;
            }
            TextTable t = new TextTable("ID", "NAME", "STATE", "PROGRESS", "POINTS DONE").rightAlign(3, 4);
            for (RunHandle h : all) {
                RunProgress p = progress.get(h.id());
                t.row(h.id(), h.experimentName(), h.state().name().toLowerCase(),
                        p == null ? null : ProgressDisplay.percent(p.fraction).strip(), h.results().size());
            }
            out().print(t.render());
        });
    }

    @Descriptor("pause every simulation of a run at the next cycle boundary")
    public void pause(@Descriptor("run id") String run) {
        attempt(() -> {
            RunHandle h = live(handle(run), "pause");
            h.pause();
            out().println("Run " + h.id() + " paused.");
        });
    }

    @Descriptor("step needs a number of cycles")
    public void step(@Descriptor("run id") String run) {
        err().println("step: how many cycles? usage: fabrica:step RUN CYCLES (e.g. fabrica:step " + run + " 1000)");
    }

    @Descriptor("advance a paused run by some cycles, then pause again")
    public void step(@Descriptor("run id") String run, @Descriptor("cycles") long cycles) {
        attempt(() -> {
            if (cycles < 1) {
                throw new ExperimentException("step " + cycles + ": give a positive number of cycles");
            }
            RunHandle h = handle(run);
            h.step(cycles);
            out().println("Run " + h.id() + " advanced " + cycles + " cycles and is paused.");
        });
    }

    @Descriptor("resume a paused run")
    public void resume(@Descriptor("run id") String run) {
        attempt(() -> {
            RunHandle h = live(handle(run), "resume");
            h.resume();
            out().println("Run " + h.id() + " resumed.");
        });
    }

    @Descriptor("stop a run; finished points stay in its results folder")
    public void stop(@Descriptor("run id") String run) {
        attempt(() -> {
            RunHandle h = handle(run);
            h.stop();
            out().println("Run " + h.id() + " stopped; results in " + h.outDir());
        });
    }

    @Descriptor("live statistics of a run: per active simulation and totals")
    public void stats(@Descriptor("run id") String run) {
        attempt(() -> out().print(StatsFormat.render(handle(run).stats())));
    }

    @Descriptor("where the run of a results folder stands (its points, whether a run holds it, its running points)")
    public void status(@Descriptor("results folder") String folder) {
        attempt(() -> out().print(StatusText.text(org.fabrica.experiment.results.RunStatus.read(java.nio.file.Path.of(
                folder)), java.time.Instant.now())));
    }

    @Descriptor("replace a provider (routing, rootPolicy) in every paused simulation of a run: swap RUN CONCEPT NAME [key=value]...")
    public void swap(@Descriptor("run id") String run, @Descriptor("concept, e.g. routing") String concept,
            @Descriptor("provider name") String name, @Descriptor("parameters key=value") String... parameters) {
        attempt(() -> {
            RunHandle h = handle(run);
            Map<String, Object> values = new LinkedHashMap<>(Overrides.parse(List.of(parameters), "parameter"));
            h.swap(concept, name, values);
            out().println("Run " + h.id() + ": " + concept + " is now " + name
                    + (values.isEmpty() ? "" : " " + values) + "; resume it with fabrica:resume " + h.id());
        });
    }

    /**
     * The shell's tab completion: the words that may stand at {@code index} of a fabrica command line
     * (run ids, concepts, provider names). The shell profile calls it with JLine's parsed line; it never
     * fails, since an error would print into the line being typed.
     */
    @Descriptor("the words that may stand at INDEX of a fabrica command line (what Tab offers)")
    public List<String> candidates(@Descriptor("the words of the line, the command first") List<String> words,
            @Descriptor("index of the word to complete") int index) {
        try {
            return CommandCompletion.candidates(experiments, catalog, words, index);
        } catch (RuntimeException e) {
            return List.of();
        }
    }

    private RunHandle handle(String id) {
        return experiments.run(id).orElseThrow(() -> {
            List<String> ids = new ArrayList<>();
            for (RunHandle h : experiments.runs()) {
                ids.add(h.id());
            }
            return new ExperimentException("No run '" + id + "'; runs: "
                    + (ids.isEmpty() ? "(none)" : String.join(", ", ids)));
        });
    }

    /** {@code Run quickstart-1 finished: 16 points (0 failed); results in DIR}. */
    static String ended(RunHandle h, RunState state) {
        List<org.fabrica.sweep.PointResult> results = h.results();
        long failed = results.stream().filter(org.fabrica.sweep.PointResult::failed).count();
        return "Run " + h.id() + " " + state.name().toLowerCase(java.util.Locale.ROOT) + ": " + results.size()
                + " points (" + failed + " failed); results in " + h.outDir();
    }

    /** The run, if it has not ended; else an error saying so (pausing a finished run is not "paused"). */
    private static RunHandle live(RunHandle h, String what) {
        RunState state = h.state();
        if (state == RunState.FINISHED || state == RunState.FAILED || state == RunState.STOPPED) {
            throw new ExperimentException("Run " + h.id() + " has ended (" + state.name().toLowerCase(java.util.Locale.ROOT)
                    + "); there is nothing to " + what + ". Its results are in " + h.outDir());
        }
        return h;
    }

    private void attempt(Runnable command) {
        try {
            command.run();
        } catch (ExperimentException | IllegalArgumentException | IllegalStateException e) {
            err().println(e.getMessage());
        } catch (RuntimeException e) {
            err().println("error: " + e);
        }
    }

    private PrintStream out() {
        return fixedOut != null ? fixedOut : System.out;
    }

    private PrintStream err() {
        return fixedErr != null ? fixedErr : System.err;
    }

    /** Latest progress of a run started from the shell. */
    static final class RunProgress implements ProgressListener {
        volatile double fraction;

        @Override
        public void progress(double f, String status) {
            fraction = f;
        }
    }

    /** The shell's run arguments: those of the command line plus --paused. */
    @Command(name = "fabrica:run")
    static final class ShellRun {
        @Mixin
        RunArguments arguments = new RunArguments();

        @Option(names = "--paused", description = "Pause the run's simulations before their first cycle (for stepping).")
        boolean paused;
    }
}
