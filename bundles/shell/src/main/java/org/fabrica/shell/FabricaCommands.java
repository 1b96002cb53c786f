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
    "osgi.command.function=swap"})
public final class FabricaCommands {
    @Reference
    private ExperimentService experiments;

    @Reference
    private ProviderCatalog catalog;

    /** Progress of the runs started from this shell, by run id. */
    private final Map<String, RunProgress> progress = new ConcurrentHashMap<>();

    private PrintStream fixedOut;
    private PrintStream fixedErr;

    public FabricaCommands() {
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
            out().println("Started run " + handle.id() + " (" + handle.experimentName() + ")"
                    + (parsed.paused ? ", paused before its first cycle" : "") + "; results in " + handle.outDir());
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
            RunHandle h = handle(run);
            h.pause();
            out().println("Run " + h.id() + " paused.");
        });
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
            RunHandle h = handle(run);
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

    @Descriptor("replace a provider (routing) in every paused simulation of a run: swap RUN CONCEPT NAME [key=value]...")
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
