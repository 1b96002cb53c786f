package org.fabrica.study.schedulability;

import static org.fabrica.experiment.file.SpecReader.bounded;
import static org.fabrica.experiment.file.SpecReader.checkKeys;
import static org.fabrica.experiment.file.SpecReader.choice;
import static org.fabrica.experiment.file.SpecReader.number;
import static org.fabrica.experiment.file.SpecReader.optionalText;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.fabrica.experiment.ProviderCatalog;
import org.fabrica.experiment.file.ExperimentDocument;
import org.fabrica.experiment.file.ProviderChoice;
import org.fabrica.experiment.file.SpecReader;
import org.fabrica.experiment.study.ComputedStudies;
import org.fabrica.experiment.study.StudyFile;
import org.fabrica.experiment.study.StudyJob;
import org.fabrica.experiment.study.StudyMode;
import org.fabrica.experiment.study.StudyOutputs;
import org.fabrica.experiment.study.StudyPlan;
import org.fabrica.experiment.study.StudyPoint;
import org.fabrica.experiment.study.StudyProvider;
import org.fabrica.experiment.study.StudySpec;
import org.fabrica.experiment.study.StudySummary;
import org.fabrica.kernel.RandomStreams;
import org.fabrica.scheduler.SchedulerFactory;
import org.fabrica.sweep.PointResult;
import org.fabrica.topology.Topology;
import org.fabrica.topology.TopologyFactory;
import org.fabrica.topology.TreeTopology;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/**
 * Mode {@code schedulability} (docs/studies/levelwise.md): no packet simulation; circuit
 * schedulers are run on random permutations of the end nodes of tree topologies
 * ({@link SchedulabilityPoint}). One point per topology x scheduler x seed; every scheduler of a
 * topology sees the same permutations (drawn from the seed's streams), so the comparison is
 * paired. Its file has only {@link #KEYS_OF_MODE}. Its common keys, provider bindings, plan and
 * resolved frame are the runner's {@link ComputedStudies}; everything else is here.
 */
@Component(service = StudyMode.class, property = {StudyMode.NAME_PROPERTY + "=" + SchedulabilityStudy.NAME,
        "fabrica.description=schedulability: circuit schedulers on random permutations, no packet simulation"})
public final class SchedulabilityStudy implements StudyMode {
    /** The mode's word. */
    public static final String NAME = "schedulability";
    static final List<String> SCHEDULER_KEYS = List.of("label", "scheduler");
    /** Random permutations per point when the file gives no number. */
    static final int DEFAULT_PERMUTATIONS = 100;
    /** Top-level keys of a schedulability experiment; every other key is an error there. */
    static final List<String> KEYS_OF_MODE = List.of("name", "description", "mode", "topologies", "schedulers",
            "permutations", "timing", "seeds", "executor", "outputs", "provenance");
    /** What a scheduler's label may be: a letter or digit, then letters, digits, '.', '_' and '-'. */
    private static final Pattern LABEL = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]*");

    private final ComputedStudies computed;

    /** @param computed the runner's reading, binding and planning of files without packet simulation */
    @Activate
    public SchedulabilityStudy(@Reference ComputedStudies computed) {
        this.computed = computed;
    }

    /**
     * What a schedulability file gives ({@link StudySpec#settings(Class)}).
     *
     * @param topologies the tree topologies, one point row each
     * @param schedulers the schedulers compared, the first with the best of the others
     * @param permutations random permutations per point
     * @param timing untimed warm-up and timed passes per point
     */
    public record Circuits(List<ProviderChoice> topologies, List<SchedulerSpec> schedulers, int permutations,
            SchedulingTiming timing) {
        public Circuits {
            topologies = List.copyOf(topologies);
            schedulers = List.copyOf(schedulers);
        }
    }

    /**
     * What resolution finds ({@link StudyPlan#state(Class)}).
     *
     * @param topologies the bound topology of each row, in file order
     * @param trees the tree topology of each row, built once at validation (immutable)
     * @param schedulers the bound scheduler of each column, in file order
     */
    record Resolved(List<StudyProvider> topologies, List<TreeTopology> trees, List<StudyProvider> schedulers) {
    }

    /** The resolved topologies and schedulers of a schedulability plan. */
    static Resolved state(StudyPlan plan) {
        return plan.state(Resolved.class);
    }

    /** The circuits of a schedulability experiment. */
    static Circuits of(StudySpec spec) {
        return spec.settings(Circuits.class);
    }

    @Override
    public Class<SchedulabilitySettings> settingsType() {
        return SchedulabilitySettings.class;
    }

    @Override
    public String description() {
        return "circuit schedulers on random permutations";
    }

    @Override
    public List<String> keys() {
        return KEYS_OF_MODE;
    }

    /** Keys of the packet modes given in a schedulability file are errors, never silently ignored. */
    private static void refuseKeys(StudyFile doc, ObjectNode root) {
        SpecReader.refuseStatistics(doc, root, NAME, "it runs circuit schedulers on random permutations and simulates"
                + " no packet");
        for (String k : (Iterable<String>) root::fieldNames) { // every key is known by now: some mode reads it
            if (root.has(k) && !KEYS_OF_MODE.contains(k)) {
                throw doc.keyError(k, "'" + k + "' is not used in mode schedulability (it runs circuit schedulers "
                        + "on random permutations, without packet simulation); "
                        + (k.equals("topology") ? "list the trees under 'topologies'"
                                : k.equals("schemes") ? "list the schedulers under 'schedulers'" : "remove it"));
            }
        }
        SpecReader.refuseOthers(doc, root, NAME, KEYS_OF_MODE);
    }

    /** A schedulability experiment: topologies x schedulers x seeds, no packet simulation. */
    @Override
    public StudySpec read(StudyFile doc, String name, String description) {
        ObjectNode root = doc.root();
        refuseKeys(doc, root);
        JsonNode tops = root.get("topologies");
        if (tops == null || tops.isNull() || !tops.isArray() || tops.isEmpty()) {
            throw doc.error("topologies", "mode schedulability needs 'topologies': a non-empty list of tree topologies, "
                    + "e.g. topologies: [{name: ft, l: 3, w: 4}]");
        }
        List<ProviderChoice> topologies = new ArrayList<>();
        List<String> topologyLabels = new ArrayList<>();
        for (int i = 0; i < tops.size(); i++) {
            ProviderChoice t = choice(doc, tops.get(i), "topology", "topologies[" + i + "]", null);
            StringBuilder label = new StringBuilder(t.name());
            for (Map.Entry<String, Object> e : t.parameters().entrySet()) {
                label.append('-').append(e.getKey()).append(e.getValue());
            }
            if (topologyLabels.contains(label.toString())) {
                throw doc.error("topologies[" + i + "]", "topologies[" + i + "] repeats " + label
                        + "; list each topology once");
            }
            topologies.add(t);
            topologyLabels.add(label.toString());
        }
        JsonNode sch = root.get("schedulers");
        if (sch == null || sch.isNull() || !sch.isArray() || sch.isEmpty()) {
            throw doc.error("schedulers", "mode schedulability needs 'schedulers': a non-empty list of scheduler names "
                    + "or {label, scheduler}, e.g. schedulers: [levelwise, greedy-local]");
        }
        List<SchedulerSpec> schedulers = new ArrayList<>();
        Set<String> labels = new HashSet<>();
        for (int i = 0; i < sch.size(); i++) {
            String p = "schedulers[" + i + "]";
            JsonNode s = sch.get(i);
            ProviderChoice scheduler;
            String label;
            if (s.isObject() && s.has("scheduler")) {
                checkKeys(doc, (ObjectNode) s, p, SCHEDULER_KEYS);
                scheduler = choice(doc, s.get("scheduler"), "scheduler", p + ".scheduler", null);
                label = optionalText(doc, (ObjectNode) s, "label", p + ".label", scheduler.name());
            } else if (s.isTextual()) {
                scheduler = choice(doc, s, "scheduler", p, null);
                label = scheduler.name();
            } else {
                throw doc.error(p, p + " must be a scheduler name or {label: ..., scheduler: {name: ..., parameters}}; "
                        + "found a " + ExperimentDocument.kind(s) + (s.isObject() ? " without 'scheduler'" : ""));
            }
            if (!LABEL.matcher(label).matches()) {
                throw doc.error(p + ".label", "label '" + label
                        + "' must start with a letter or digit and use only letters, digits, '.', '_' and '-'");
            }
            if (!labels.add(label)) {
                throw doc.error(p, "label '" + label + "' is used by an earlier scheduler; give each scheduler its own label");
            }
            schedulers.add(new SchedulerSpec(label, scheduler));
        }
        long permutations = bounded(doc, root, "permutations", "permutations", DEFAULT_PERMUTATIONS, 1, 1_000_000);
        SchedulingTiming timing = SchedulingTiming.DEFAULT;
        JsonNode timingNode = root.get("timing");
        if (timingNode != null && !timingNode.isNull()) {
            if (!timingNode.isObject()) {
                throw doc.error("timing", "timing must be a mapping such as {warmup: 1.0, repetitions: 5}");
            }
            checkKeys(doc, (ObjectNode) timingNode, "timing", SchedulingTiming.KEYS);
            double warmup = SchedulingTiming.DEFAULT_WARMUP;
            JsonNode w = timingNode.get("warmup");
            if (w != null && !w.isNull()) {
                warmup = number(doc, w, "timing.warmup");
                if (!(warmup >= 0 && warmup <= SchedulingTiming.MAX_WARMUP)) {
                    throw doc.error("timing.warmup", "timing.warmup = " + warmup + " is out of range; use 0 .. "
                            + (long) SchedulingTiming.MAX_WARMUP + " seconds");
                }
            }
            timing = new SchedulingTiming(warmup, (int) bounded(doc, timingNode, "repetitions", "timing.repetitions",
                    SchedulingTiming.DEFAULT_REPETITIONS, 1, SchedulingTiming.MAX_REPETITIONS));
        }
        return computed.read(doc, name, description, this, new ComputedStudies.Options(NAME, "topology",
                topologyLabels, new Circuits(topologies, schedulers, (int) permutations, timing)));
    }

    @Override
    public StudyPlan resolve(StudyFile doc, StudySpec spec, ProviderCatalog registry) {
        List<StudyProvider> topologies = new ArrayList<>();
        List<TreeTopology> trees = new ArrayList<>();
        for (ProviderChoice c : of(spec).topologies()) {
            StudyProvider t = computed.bind(doc, c, registry);
            Topology built = computed.build(doc, t, () -> topology(t));
            if (!(built instanceof TreeTopology tree)) {
                throw doc.error(c.path(), c.path() + ": " + built.describe() + " is not a tree topology; circuit "
                        + "scheduling needs a fat tree with switch levels and upper ports, e.g. {name: ft, l: 3, w: 4}");
            }
            // a point keeps all its permutations' demands, so that its timed passes time plan() only
            long requests = (long) of(spec).permutations() * tree.nodes();
            if (requests > SchedulingTiming.MAX_REQUESTS_PER_POINT) {
                throw doc.error("permutations", "permutations = " + of(spec).permutations() + " on " + built.describe()
                        + " (" + tree.nodes() + " nodes) is " + requests + " requests per point; a point keeps its "
                        + "permutations in memory for the timed passes, so use at most "
                        + SchedulingTiming.MAX_REQUESTS_PER_POINT / tree.nodes() + " permutations on this tree");
            }
            topologies.add(t);
            trees.add(tree);
        }
        List<StudyProvider> schedulers = new ArrayList<>();
        for (SchedulerSpec s : of(spec).schedulers()) {
            schedulers.add(computed.bind(doc, s.scheduler(), registry));
        }
        RandomStreams streams = new RandomStreams(spec.seedsOf(0).get(0));
        for (int t = 0; t < trees.size(); t++) {
            TreeTopology tree = trees.get(t);
            for (StudyProvider s : schedulers) {
                try {
                    scheduler(s, tree, streams);
                } catch (RuntimeException e) {
                    throw doc.error(s.choice().path(), s.describe() + " cannot schedule on " + of(spec).topologies().get(t)
                            .path() + " (" + tree.describe() + "): " + computed.failure(e), e);
                }
            }
        }
        List<StudyProvider> bound = new ArrayList<>(topologies);
        bound.addAll(schedulers);
        return computed.plan(doc, spec, registry, bound, columns(spec), new Resolved(List.copyOf(topologies),
                List.copyOf(trees), List.copyOf(schedulers)));
    }

    /** The labels of the schedulers, the points' columns. */
    private static List<String> columns(StudySpec spec) {
        List<String> columns = new ArrayList<>();
        for (SchedulerSpec s : of(spec).schedulers()) {
            columns.add(s.label());
        }
        return List.copyOf(columns);
    }

    /** A tree topology's instance (every point of a row shares the one built at resolution). */
    @SuppressWarnings({"unchecked", "rawtypes"}) // the parameter type is the factory's own, checked by binding
    private static Topology topology(StudyProvider t) {
        return ((TopologyFactory) t.factory(TopologyFactory.class)).create(t.parameters());
    }

    /** A scheduler draws its random choices (if any) from the point's streams, so each seed differs. */
    @SuppressWarnings({"unchecked", "rawtypes"}) // the parameter type is the factory's own, checked by binding
    static org.fabrica.scheduler.Scheduler scheduler(StudyProvider s, Topology tree, RandomStreams streams) {
        return ((SchedulerFactory) s.factory(SchedulerFactory.class)).create(tree, s.parameters(), streams);
    }

    /** One point per topology x scheduler x seed, ids {@code <topology>/<scheduler>/schedulability/s<seed>}. */
    @Override
    public List<StudyPoint> points(StudySpec s) {
        return computed.pointsPerSeed(s, columns(s), NAME);
    }

    @Override
    public String loadNote(StudyPoint point) {
        return NAME;
    }

    @Override
    public PointResult run(StudyJob job) {
        return job.stopRequested() ? job.stopped() : SchedulabilityPoint.run(job, computed);
    }

    @Override
    public ObjectNode resolved(StudyPlan plan) {
        StudySpec spec = plan.spec();
        ObjectNode r = JsonNodeFactory.instance.objectNode();
        ArrayNode tops = r.putArray("topologies");
        for (StudyProvider t : state(plan).topologies()) {
            tops.add(computed.node(t));
        }
        ArrayNode sch = r.putArray("schedulers");
        for (int i = 0; i < state(plan).schedulers().size(); i++) {
            ObjectNode o = sch.addObject();
            o.put("label", of(spec).schedulers().get(i).label());
            o.set("scheduler", computed.node(state(plan).schedulers().get(i)));
        }
        r.put("permutations", of(spec).permutations());
        ObjectNode timing = r.putObject("timing");
        timing.put("warmup", of(spec).timing().warmup());
        timing.put("repetitions", of(spec).timing().repetitions());
        return computed.resolved(plan, r);
    }

    @Override
    public String summary(StudyPlan plan) {
        StudySpec spec = plan.spec();
        StringBuilder sb = new StringBuilder();
        sb.append(spec.name()).append(": ");
        sb.append("schedulability mode, ").append(state(plan).topologies().size()).append(" topolog(ies) x ")
                .append(state(plan).schedulers().size()).append(" scheduler(s) x ").append(spec.seedsOf(0).size())
                .append(" seed(s) = ").append(plan.points().size()).append(" points, ").append(of(spec).permutations())
                .append(" random permutations each; time per request: ").append(of(spec).timing().warmup())
                .append(" s of untimed warm-up passes, then the median of ").append(of(spec).timing().repetitions())
                .append(" timed pass(es)\n");
        for (int t = 0; t < state(plan).trees().size(); t++) {
            sb.append("  topology  ").append(spec.patternLabels().get(t)).append(": ").append(state(plan).trees().get(t).describe())
                    .append(", ").append(state(plan).trees().get(t).nodes()).append(" nodes: ")
                    .append(state(plan).topologies().get(t).label()).append('\n');
        }
        for (int i = 0; i < state(plan).schedulers().size(); i++) {
            sb.append("  scheduler ").append(of(spec).schedulers().get(i).label()).append(": ")
                    .append(state(plan).schedulers().get(i).label()).append('\n');
        }
        sb.append("  seeds     ").append(spec.seedsOf(0)).append('\n');
        sb.append("  id        ").append(plan.experimentId());
        return sb.toString();
    }

    @Override
    public StudyOutputs outputs(StudyPlan plan) {
        return new StudyOutputs(new StudySummary.Circuits(), List.of(), StudyOutputs.LOAD_POINT_COLUMNS,
                of(plan.spec()).permutations() + " random permutations per point");
    }
}
