package org.fabrica.experiment.plan;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.fabrica.experiment.file.ExperimentDocument;
import org.fabrica.experiment.file.ProviderChoice;
import org.fabrica.experiment.file.SpecReader;
import org.fabrica.experiment.study.StudyMode;
import org.fabrica.experiment.study.StudySpec;
import org.fabrica.stats.collectors.SpaceTimeRecorder;

/**
 * An experiment as written in its file, checked for structure and value ranges, with every
 * runner-level default filled in. The fields are those every mode has or several share; what one
 * mode alone reads is its own record in {@link #modeSettings()} (e.g. mode steady's loads and window).
 * Providers and their parameters are checked later against the registered providers
 * ({@link SweepPlan}). The file format (docs/user-guide.md, "Experiment file reference"):
 *
 * <pre>{@code
 * name: quickstart                 # required, [a-z0-9-]+, names the default results folder results/<name>
 * description: free text           # optional
 * mode: steady                     # an installed mode's word (default steady)
 * topology: {name: torus, k: 8, n: 2}          # provider name + its parameters (or just a name)
 * hardware: {name: generic, vcs: 2, bufferFlits: 8}
 * network: {name: flit}                        # optional, default flit
 * kernel: {name: sequential}                   # optional, default sequential
 * traffic:
 *   packetFlits: 8                             # the packet length in flits, 1 .. 1000000; or instead
 *   packetBytes: 4096                          #   in bytes: a multiple of the hardware's flitBytes, converted
 *                                              #   once when the hardware is known ({@link SweepPlan}); one is required
 *   patterns: [uniform, {name: hotspot, hotspots: [0]}]   # each point uses one
 *   injection: {name: bernoulli}               # optional; default bernoulli, ramp or collective by mode
 * schemes:                                     # one or more
 *   - label: dor-classic                       # optional, default <routing>-<queuing>; unique
 *     routing: {name: dor, dateline: classic}
 *     queuing: {name: dateline}
 *     throttle: {name: none}                   # optional, default none
 *   - routing: {name: source-route, fallback: dmodk, from: levelwise}   # routes planned by a scheduler on
 *                                              #   the point's permutation pattern (traffic-schedule's PlannedRoutes)
 * baseline: dor-classic                        # ramp, collective: scheme the ratios refer to (default: the first)
 * loads: [0.05, 0.10]                          # steady only: flits/node/cycle, or {from: 0.05, to: 0.5, step: 0.05}
 * warmup: 2000                                 # steady only: cycles, default 2000
 * measure: 10000                               # steady only: cycles, default 10000
 * drain: 50000                                 # steady only: max cycles after the window to deliver the measured packets
 * maxCycles: 100000000                         # ramp, collective: a point ends at this cycle at the latest
 * series: {window: 100, smoothing: 200}        # ramp: window W in cycles, moving-average points
 * series: {inFlightWindow: 10}                 # collective: cycles per in-flight sample
 * criticalLoad: {linearFraction: 0.1, gradientPoints: 1000, drop: 0.1}  # ramp: the knee detector
 * statistics:                                 # steady, ramp, collective: collectors, columns <label>.<metric>
 *   - {collector: latency-histogram, label: hist, bins: 20}   # provider + optional label + its parameters
 *   - latency-percentiles                      #   or a bare name (label = name)
 * deadlockCycles: 20000                        # no flit moved for this long with packets in flight = deadlock
 * seeds: [1]                                   # or a count (3 means seeds 1, 2, 3), or per pattern:
 *                                              #   {default: 1, uniform: 10, randperm: 10}
 * executor: local                              # optional sweep executor, default local
 * outputs: {plots: true, report: true,
 *           spaceTime: {start: 0, length: 2000, stride: 1, margin: 0, cellPixels: 4}}   # optional charts
 * }</pre>
 *
 * <p><b>Packet length.</b> Exactly one of {@code traffic.packetFlits} and {@code traffic.packetBytes};
 * both, or neither, is an error naming the two keys (a key set to null, e.g. by
 * {@code --set traffic.packetFlits=null}, counts as not given). {@link #packetFlits()} is 0 when the
 * file gives bytes ({@link #packetBytes()} > 0, else 0): {@link SweepPlan} converts them once, when
 * the hardware model's flit size is known, and refuses bytes that are not a whole number of flits.
 * A mode that plays its own packets has no {@code traffic}: it gives their length itself.
 *
 * <p><b>Modes.</b> {@code steady}: one point per pattern x scheme x load x seed, measured in a
 * window after a warm-up (BookSim2's method). {@code ramp} (docs/studies/spth.md, the ramp load
 * method): one point per pattern x scheme x seed; the injection (default {@code ramp}) raises the
 * offered load with time and the point ends when its offered load has returned to zero (the
 * ramp's end) or at {@code maxCycles}; throughput and latency are measured per window of
 * {@code series.window} cycles, smoothed by a {@code series.smoothing}-point moving average, and
 * the critical load is detected on the smoothed curve. {@code collective} (the unsteady mode):
 * one point per pattern x scheme x seed; the injection (default {@code collective}) generates a
 * burst at cycle 0 and the point ends when every packet is delivered; its duration and the
 * in-flight series are reported. Keys that do not apply to the file's mode are errors.
 * Each mode is a {@link StudyMode} service found by its name ({@link StudyCatalog}); the mode reads
 * its own file ({@link StudyMode#read}: {@link PacketStudy} for the packet-simulation modes).
 *
 * <p><b>Modes without packet simulation</b> (e.g. schedulability, docs/studies/levelwise.md, in
 * its own bundle): their files have only their own keys besides {@code name}, {@code description},
 * {@code seeds}, {@code executor} and {@code outputs}, read through the runner's
 * {@link org.fabrica.experiment.study.ComputedStudies} ({@link ComputedStudiesService}).
 *
 * <p><b>Modes that play their own packets</b> (e.g. m2n's schedules, trace's workloads, in bundles
 * of their own): their files have rows of their own instead of {@code traffic}, read by the mode,
 * and the common keys around them read through the runner's
 * {@link org.fabrica.experiment.study.PlayedStudies} ({@link PlayedStudiesService}); the mode's
 * record is {@link #modeSettings()}.
 *
 * <p>{@code mode} is the word the file gives (or the default), {@code study} the mode found by it;
 * {@code modeSettings} holds what the mode reads beyond the fields here (its own record, or
 * null), so that a new study needs no new field. {@code maxCycles} is the last cycle + 1 a point
 * may run (steady: warm-up + measurement + drain); {@code baseline} the scheme ratios refer to
 * (null without ratios); {@code inFlightWindow} the cycles per in-flight sample; {@code statistics} the
 * collectors the points run besides the mode's measurement ({@link StatisticsSelection}; empty
 * when the file has none, and always in the modes that play their own packets and those without
 * packet simulation).
 *
 * A resolved file written to a results folder also has a {@code provenance} section, which is
 * accepted and ignored so that the resolved file can be run again.
 */
public record ExperimentSpec(
        String name,
        String description,
        ProviderChoice topology,
        ProviderChoice hardware,
        ProviderChoice network,
        ProviderChoice kernel,
        int packetFlits,
        int packetBytes,
        List<ProviderChoice> patterns,
        List<String> patternLabels,
        ProviderChoice injection,
        List<SchemeSpec> schemes,
        long deadlockCycles,
        List<Long> seeds,
        String executor,
        boolean plots,
        boolean report,
        String mode,
        StudyMode study,
        String baseline,
        List<List<Long>> patternSeeds,
        boolean perPatternSeeds,
        int inFlightWindow,
        long maxCycles,
        SpaceTimeRecorder.Sampling spaceTime,
        int cellPixels,
        Object modeSettings,
        List<StatisticsSelection.Choice> statistics) implements StudySpec {

    /**
     * The top-level keys every mode has; the rest are the modes' own ({@link StudyMode#keys()}, all of
     * them together: {@link StudyCatalog#keys()}). {@code provenance} last.
     */
    public static final List<String> KEYS = List.of("name", "description", "mode", "seeds", "executor", "outputs",
            "provenance");

    /** Runner-level defaults (the only place they are written). */
    /** Keys of the {@code traffic} section of a packet-simulation file. */
    public static final List<String> TRAFFIC_KEYS = List.of("packetFlits", "packetBytes", "patterns", "injection");
    /** Keys of a scheme ({@code schemes[]}) of a packet-simulation file. */
    public static final List<String> SCHEME_KEYS = List.of("label", "routing", "queuing", "throttle", "hardware");
    public static final String DEFAULT_NETWORK = "flit";
    public static final String DEFAULT_KERNEL = "sequential";
    public static final String DEFAULT_INJECTION = "bernoulli";
    public static final String DEFAULT_THROTTLE = SpecReader.DEFAULT_THROTTLE;
    public static final String DEFAULT_EXECUTOR = "local";
    public static final long DEFAULT_DEADLOCK_CYCLES = 20000;
    public static final List<Long> DEFAULT_SEEDS = SpecReader.DEFAULT_SEEDS;
    public static final long DEFAULT_MAX_CYCLES = 100_000_000L;
    public static final long DEFAULT_SPACE_TIME_START = 0;
    public static final long DEFAULT_SPACE_TIME_STRIDE = 1;
    public static final int DEFAULT_SPACE_TIME_MARGIN = 0;
    public static final int DEFAULT_CELL_PIXELS = 4;
    /** Key of the per-pattern seeds mapping that applies to the patterns it does not name. */
    public static final String DEFAULT_SEEDS_KEY = SpecReader.DEFAULT_SEEDS_KEY;

    /**
     * The default of every optional key the runner reads for every mode, for the user guide and its
     * test, {@code mode} being the default of the installed {@code modes} (none when no mode is the
     * default); each mode says those of its own keys ({@link StudyMode#defaults()}).
     */
    public static Map<String, Object> defaults(StudyCatalog modes) {
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("description", "");
        if (modes.defaultMode() != null) {
            d.put("mode", modes.defaultMode());
        }
        d.put("network", DEFAULT_NETWORK);
        d.put("kernel", DEFAULT_KERNEL);
        d.put("traffic.injection", DEFAULT_INJECTION);
        d.put("schemes[].throttle", DEFAULT_THROTTLE);
        d.put("maxCycles", DEFAULT_MAX_CYCLES);
        d.put("deadlockCycles", DEFAULT_DEADLOCK_CYCLES);
        d.put("seeds", DEFAULT_SEEDS);
        d.put("executor", DEFAULT_EXECUTOR);
        d.put("outputs.plots", true);
        d.put("outputs.report", true);
        d.put("outputs.spaceTime.start", DEFAULT_SPACE_TIME_START);
        d.put("outputs.spaceTime.stride", DEFAULT_SPACE_TIME_STRIDE);
        d.put("outputs.spaceTime.margin", DEFAULT_SPACE_TIME_MARGIN);
        d.put("outputs.spaceTime.cellPixels", DEFAULT_CELL_PIXELS);
        return d;
    }

    private static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9-]*");
    static final Pattern LABEL = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]*");
    private static final int MAX_LOADS = 10_000;
    /** Longest packet in flits, given in flits or converted from bytes. */
    static final int MAX_PACKET_FLITS = 1_000_000;

    /**
     * Reads and checks the structure of a document: the file's mode, found among {@code modes}, then
     * the keys every file has; the mode reads the rest ({@link StudyMode#read}).
     *
     * @throws org.fabrica.experiment.ExperimentException naming the key path and its place in the file
     */
    public static ExperimentSpec parse(ExperimentDocument doc, StudyCatalog modes) {
        ObjectNode root = doc.root();
        // the mode first: a file of a mode that is not installed (a plugin's) is refused with the
        // installed modes, not with the first of its own keys as unknown
        StudyMode study = modes.find(doc, root.get("mode"));
        SpecReader.checkKeys(doc, root, "", modes.keys());
        doc.modesReading(modes.modesByKey());

        String name = SpecReader.requiredText(doc, root, "name", "name");
        if (!NAME.matcher(name).matches()) {
            throw doc.error("name", "name '" + name + "' must be lower-case letters, digits and hyphens, e.g. "
                    + "torus-8x8-dor; it names the results folder results/<name>");
        }
        String description = SpecReader.optionalText(doc, root, "description", "description", "");
        return Owned.spec(study.read(doc, name, description));
    }

    /** Number of points, as the mode expands the experiment ({@link StudyMode#points}). */
    public int pointCount() {
        return study.points(this).size();
    }

    @Override
    public List<String> schemeLabels() {
        return schemes.stream().map(SchemeSpec::label).toList();
    }

    /** The seeds of pattern {@code pattern} (index into {@link #patterns()}). */
    public List<Long> seedsOf(int pattern) {
        return patternSeeds.get(pattern);
    }

    /** Largest number of seeds of any pattern. */
    public int maxSeeds() {
        int m = 0;
        for (List<Long> s : patternSeeds) {
            m = Math.max(m, s.size());
        }
        return m;
    }
}
