package org.fabrica.experiment.runner;

import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.fabrica.experiment.ExperimentException;
import org.fabrica.experiment.ExperimentService;
import org.fabrica.experiment.ProgressListener;
import org.fabrica.experiment.RunHandle;
import org.fabrica.experiment.RunOptions;
import org.fabrica.experiment.file.ExperimentDocument;
import org.fabrica.experiment.plan.BoundProvider;
import org.fabrica.experiment.plan.ExperimentSpec;
import org.fabrica.experiment.plan.ProviderBinding;
import org.fabrica.experiment.plan.RegisteredProvider;
import org.fabrica.experiment.plan.StudyCatalog;
import org.fabrica.experiment.plan.SweepPlan;
import org.fabrica.experiment.plan.VariantPlans;
import org.fabrica.experiment.plan.Variants;
import org.fabrica.experiment.report.ExperimentFacts;
import org.fabrica.experiment.results.ResultsStore;
import org.fabrica.experiment.study.StudyOutputs;
import org.fabrica.sweep.SweepExecutor;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;

/**
 * The experiment service: reads an experiment file ({@link ExperimentDocument},
 * {@link ExperimentSpec}), resolves and checks it against the registered providers
 * ({@link SweepPlan}), checks the results folder, and only then writes anything and starts the
 * run ({@link ExperimentRun}). Every problem with the input is an {@link ExperimentException}
 * thrown before the first file is written.
 */
@Component(service = ExperimentService.class)
public final class ExperimentRunner implements ExperimentService {
    private final ProviderRegistry registry;
    private final List<ExperimentRun> runs = new CopyOnWriteArrayList<>();
    private final AtomicInteger counter = new AtomicInteger();
    private final String fabricaVersion;
    /** The source commit this runner was built from (its bundle's {@code Fabrica-Commit} header), or null. */
    private final String fabricaCommit;

    @Activate
    public ExperimentRunner(@Reference(name = "registry") ProviderRegistry registry) {
        this(registry, buildCommit());
    }

    /** A runner that names {@code commit} as its build's (tests: two builds continuing one journal). */
    ExperimentRunner(ProviderRegistry registry, String commit) {
        this.registry = registry;
        this.fabricaVersion = BundleIdentity.of(ExperimentRunner.class).version();
        this.fabricaCommit = commit;
    }

    /** The commit this process's results name, by {@link #commit(String, String)}; null when unknown. */
    static String buildCommit() {
        return commit(System.getProperty(COMMIT_PROPERTY), BundleIdentity.header(ExperimentRunner.class, "Fabrica-Commit"));
    }

    /** Set by {@code ./fabrica} to the tree's commit when the bundles are up to date with its sources. */
    static final String COMMIT_PROPERTY = "fabrica.commit";

    /** The commit results name: the launcher's {@code fabrica.commit} when set, else the build's header (or null). */
    static String commit(String property, String header) {
        return property != null && !property.isBlank() ? property.trim() : header;
    }

    @Deactivate
    void deactivate() {
        for (ExperimentRun r : runs) {
            r.stop();
        }
    }

    /** Version of the runner bundle (the Fabrica version recorded in results). */
    public String fabricaVersion() {
        return fabricaVersion;
    }

    @Override
    public String validate(Path file, RunOptions options) {
        RunOptions o = options == null ? defaults() : options;
        SweepPlan plan = plan(file, o);
        ProviderBinding.checkedExecutor(plan, registry);
        Path out = outDir(plan, o);
        Set<String> done = ResultsStore.finished(out, plan.experimentId(), EarlierExperiments.of(out, plan, registry),
                plan.resolvedYaml(fabricaVersion, fabricaCommit, ""));
        return plan.summary() + "\n  results   " + out + folderNote(plan, done, o.resume());
    }

    /**
     * What a run will do with the points the results folder already holds: none (a new folder), kept
     * ({@code --resume}: the rest run; all done: nothing to simulate) or replaced (a run without
     * {@code --resume} starts over).
     */
    static String folderNote(SweepPlan plan, Set<String> done, boolean resume) {
        int total = plan.points().size();
        long kept = plan.points().stream().filter(p -> done.contains(p.pointId())).count();
        if (kept == 0) {
            return "";
        }
        if (resume) {
            return kept == total ? " (all " + total + " points are done: nothing to simulate; --resume draws the"
                    + " outputs again)" : " (resuming: " + kept + " of " + total + " points done, " + (total - kept)
                    + " to run)";
        }
        return " (it holds " + kept + " finished point(s) of this experiment: a run without --resume starts over"
                + " and moves them into " + ResultsStore.EARLIER + "/; add --resume to continue them)";
    }

    /**
     * The plans the file's points play, when its mode plays schedules
     * ({@link org.fabrica.experiment.study.PlayedSchedules});
     * else refused, naming the installed modes that do.
     */
    @Override
    public String schedule(Path file, RunOptions options, boolean csv) {
        SweepPlan plan = plan(file, options == null ? defaults() : options);
        if (plan.spec().study() instanceof org.fabrica.experiment.study.PlayedSchedules played) {
            return played.schedules(plan, csv);
        }
        StudyCatalog modes = registry.studies();
        List<String> playing = modes.names().stream().filter(n -> modes.get(n)
                instanceof org.fabrica.experiment.study.PlayedSchedules).toList();
        throw new ExperimentException(plan.document().source() + ": mode " + plan.spec().mode() + " has no schedules to"
                + " print" + (playing.isEmpty() ? "" : "; 'schedule' prints the plans of an experiment of mode "
                        + String.join(" or ", playing)));
    }

    @Override
    public java.util.Optional<String> settleInterrupted(Path resultsFolder) {
        return org.fabrica.experiment.results.ResultsStore.settleInterrupted(resultsFolder);
    }

    @Override
    public RunHandle start(Path file, RunOptions options, ProgressListener listener) {
        RunOptions o = options == null ? defaults() : options;
        if (o.threads() < 0) {
            throw new ExperimentException("threads = " + o.threads() + "; use 0 (one per core) or a positive count");
        }
        SweepPlan plan = plan(file, o);
        SweepExecutor executor = ProviderBinding.checkedExecutor(plan, registry);
        Path out = outDir(plan, o);
        // everything above only reads; from here on the results folder is written
        Set<String> earlier = EarlierExperiments.of(out, plan, registry);
        // a run that starts over moves the earlier lines aside: its journal continues nothing
        String yaml = plan.resolvedYaml(fabricaVersion, fabricaCommit,
                ZonedDateTime.now().format(DateTimeFormatter.ISO_OFFSET_DATE_TIME), o.resume() ? earlier : Set.of());
        ResultsStore store = ResultsStore.open(out, plan.experimentId(), earlier, yaml, o.resume());
        try {
            store.writeText(ResultsStore.EXPERIMENT, yaml);
            ExperimentFacts facts = facts(plan, yaml);
            String id = plan.spec().name() + "-" + counter.incrementAndGet();
            int threads = o.threads() == 0 ? Runtime.getRuntime().availableProcessors() : o.threads();
            ExperimentRun run = new ExperimentRun(id, plan, store, listener, executor, threads, o.startPaused(), facts,
                    registry, fabricaCommit);
            runs.add(run);
            run.start();
            return run;
        } catch (RuntimeException e) {
            store.close();
            throw e;
        }
    }

    @Override
    public List<RunHandle> runs() {
        return new ArrayList<>(runs);
    }

    @Override
    public Optional<RunHandle> run(String id) {
        for (ExperimentRun r : runs) {
            if (r.id().equals(id)) {
                return Optional.of(r);
            }
        }
        return Optional.empty();
    }

    /** Reads, parses and resolves a file: everything but the results folder. */
    SweepPlan plan(Path file, RunOptions o) {
        Map<String, String> overrides = o.overrides() == null ? Map.of() : o.overrides();
        ExperimentDocument doc = ExperimentDocument.read(file, overrides);
        try {
            return plan(doc, registry);
        } catch (OutOfMemoryError e) {
            // resolving builds each topology and network once; what it built is garbage again here
            throw new ExperimentException(file + ": out of memory while building the topology and network to check "
                    + "them; the Java heap (at most " + Runtime.getRuntime().maxMemory() / (1024 * 1024) + " MB) is "
                    + "too small for this configuration: raise it (e.g. FABRICA_JAVA_OPTS=-Xmx8g) or make it smaller");
        }
    }

    /**
     * Parses and resolves a document against {@code registry}: the plan of a run, with its variants
     * if it has any (the same for a file and for a text shipped to a cluster member).
     */
    static SweepPlan plan(ExperimentDocument doc, ProviderRegistry registry) {
        Variants variants = Variants.read(doc);
        if (variants == null) {
            return SweepPlan.resolve(doc, ExperimentSpec.parse(doc, registry.studies()), registry);
        }
        return withVariants(doc, variants, registry);
    }

    /**
     * The experiment without its variants, resolved (it must be valid on its own), made the sweep of
     * every variant, each resolved and checked like an experiment ({@link Variants}).
     */
    private static SweepPlan withVariants(ExperimentDocument doc, Variants variants, ProviderRegistry registry) {
        ExperimentDocument baseDoc = doc.without(Variants.KEY);
        SweepPlan base;
        try {
            base = SweepPlan.resolve(baseDoc, ExperimentSpec.parse(baseDoc, registry.studies()), registry);
        } catch (ExperimentException e) {
            throw new ExperimentException(e.getMessage() + " (in the experiment without its variants, which must be"
                    + " valid on its own: its values are those the variants do not set)", e);
        }
        List<SweepPlan> plans = new ArrayList<>();
        List<Integer> kept = new ArrayList<>();
        List<String> refused = new ArrayList<>();
        for (Variants.Variant v : variants.variants()) {
            ExperimentDocument vd = baseDoc.variant(v.origin(), v.set());
            SweepPlan p;
            try {
                ExperimentSpec vs = ExperimentSpec.parse(vd, registry.studies());
                p = SweepPlan.resolve(vd, vs, registry);
            } catch (ExperimentException e) {
                if (!variants.skipRefused()) {
                    throw new ExperimentException(v.origin() + " " + e.getMessage()
                            + (variants.axes().size() > 1 || !"variant".equals(variants.axes().get(0).name())
                                    ? "; to leave out the combinations the experiment refuses, set variants.skipRefused:"
                                            + " true" : ""), e);
                }
                refused.add(v.label() + ": " + e.getMessage());
                continue;
            }
            sameShape(doc, base, p, v);
            p.prefixPoints(VariantPlans.prefix(plans.size()));
            plans.add(p);
            kept.add(v.index());
        }
        if (plans.isEmpty()) {
            throw doc.error(Variants.KEY, "the experiment refuses every variant (" + refused.size() + "), e.g. "
                    + refused.get(0));
        }
        base.variants(new VariantPlans(base, variants.keep(kept), plans, refused));
        return base;
    }

    /** A variant keeps the mode, the pattern labels and the scheme labels: they are the rows of the results. */
    private static void sameShape(ExperimentDocument doc, SweepPlan base, SweepPlan variant, Variants.Variant v) {
        if (!variant.spec().mode().equals(base.spec().mode())
                || !variant.spec().patternLabels().equals(base.spec().patternLabels())
                || !variant.columnLabels().equals(base.columnLabels())) {
            throw doc.error(Variants.KEY, v.origin() + " changes the mode, the traffic patterns or the schemes"
                    + " (mode " + variant.spec().mode() + ", patterns " + variant.spec().patternLabels() + ", schemes "
                    + variant.columnLabels() + "); every variant keeps them: they label the results");
        }
    }

    private static Path outDir(SweepPlan plan, RunOptions o) {
        return o.outDir() != null ? o.outDir() : Path.of("results", plan.spec().name());
    }

    private static RunOptions defaults() {
        return new RunOptions(null, false, 0, Map.of(), false);
    }

    private ExperimentFacts facts(SweepPlan plan, String yaml) {
        List<ExperimentFacts.Provider> providers = new ArrayList<>();
        for (Map.Entry<String, BoundProvider> e : plan.providersByPath().entrySet()) {
            RegisteredProvider p = e.getValue().provider();
            providers.add(new ExperimentFacts.Provider(e.getKey(), p.name(), p.bundle(), p.version()));
        }
        List<String> schemes = plan.columnLabels();
        ExperimentSpec spec = plan.spec();
        StudyOutputs outputs = spec.study().outputs(plan);
        String spaceTimeNote = spec.spaceTime() == null ? "" : "Input buffers of the row y = floor(N/3) (E, W) and the"
                + " column x = floor(N/3) (N, S), side by side, each chart the buffers of the packets travelling that way;"
                + " one pixel row per sampled cycle from cycle " + spec.spaceTime().start() + " (top), every "
                + spec.spaceTime().stride() + " cycle(s) for " + spec.spaceTime().length() + " cycles; a VC is coloured"
                + " when its buffer has at most " + spec.spaceTime().margin() + " free flits: red VC 0, green VC 1,"
                + " blue VC 2 (mixed when several are busy).";
        return new ExperimentFacts(spec.name(), spec.description(), plan.experimentId(), fabricaVersion,
                plan.summary(), spec.patternLabels(), schemes, spec.maxSeeds(), yaml, providers, spec.mode(),
                spec.baseline(), outputs.seriesNote(), spaceTimeNote, outputs);
    }
}
