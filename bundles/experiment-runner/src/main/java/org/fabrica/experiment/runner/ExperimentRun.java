package org.fabrica.experiment.runner;

import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;
import org.fabrica.experiment.ExperimentException;
import org.fabrica.experiment.ProgressListener;
import org.fabrica.experiment.RunHandle;
import org.fabrica.experiment.RunState;
import org.fabrica.experiment.file.ProviderChoice;
import org.fabrica.experiment.plan.BoundProvider;
import org.fabrica.experiment.plan.ProviderBinding;
import org.fabrica.experiment.plan.ProviderFailure;
import org.fabrica.experiment.plan.RegisteredProvider;
import org.fabrica.experiment.plan.SweepPlan;
import org.fabrica.experiment.report.ExperimentFacts;
import org.fabrica.experiment.report.FinalOutputs;
import org.fabrica.experiment.results.PointRecords;
import org.fabrica.experiment.results.ResultsStore;
import org.fabrica.experiment.results.RunRecord;
import org.fabrica.experiment.study.StudyPoint;
import org.fabrica.sweep.PointResult;
import org.fabrica.sweep.SweepExecutor;
import org.fabrica.sweep.SweepPoint;

/**
 * A run of an experiment: its points go to the sweep executor, each finished point goes to the
 * results store at once, and the control methods act on every simulation active at the time.
 * The run ends {@link RunState#FINISHED} when every point succeeded (saturated points included),
 * {@link RunState#FAILED} when a point failed or the run itself broke, {@link RunState#STOPPED}
 * when stopped; finished points stay in the results folder in every case.
 */
final class ExperimentRun implements RunHandle, PointControl.Signals {
    private static final long PROGRESS_INTERVAL_NANOS = 200_000_000L;

    private final String id;
    private final SweepPlan plan;
    private final ResultsStore store;
    private final ProgressListener listener;
    private final SweepExecutor executor;
    private final int threads;
    private final ExperimentFacts facts;
    private final ProviderRegistry registry;
    /** The source commit of the build that runs this run's points (noted on each), or null. */
    private final String commit;
    private final String started = now();
    private final Thread driver;
    private final CompletableFuture<RunState> completion = new CompletableFuture<>();
    private final Map<String, PointSimulation> active = new ConcurrentHashMap<>();
    private final Set<Thread> pointThreads = ConcurrentHashMap.newKeySet();
    /** When a point counts as stuck in a provider call (read once per run). */
    private final PointWatch.Limits watch = PointWatch.Limits.fromSystem();
    /** The outputs written while the run goes on, from the points finished so far. */
    private final InterimOutputs interim;
    private final List<String> swapLog = Collections.synchronizedList(new ArrayList<>());
    private final Set<String> skipped;
    private final List<String> artefactWarnings = Collections.synchronizedList(new ArrayList<>());
    private final Object progressLock = new Object();
    /**
     * Listener calls come from several threads; a listener sees them one at a time. Progress
     * updates from simulation threads skip a turn rather than wait, so a listener that calls back
     * into the run (pause from a callback) cannot block a simulation on its way to a checkpoint.
     */
    private final ReentrantLock listenerLock = new ReentrantLock();

    private volatile boolean pauseRequested;
    private volatile boolean stopRequested;
    private volatile RunState terminal;
    private volatile String error;
    private volatile List<String> warnings = List.of();
    private long lastProgress;
    /** When progress.json was last written (System.nanoTime), guarded by progressLock; 0: never. */
    private long lastProgressFile;
    /** A point started or ended since progress.json was written: the next progress writes it. */
    private volatile boolean runningChanged;
    private static final long PROGRESS_FILE_NANOS = ResultsStore.PROGRESS_SECONDS * 1_000_000_000L;
    /** Running time for the estimate of what is left (set in the constructor: started paused or not). */
    private final RunningTime runningTime;
    // guarded by progressLock
    private int finishedPoints;
    /** The points finished by this run (failed ones too), for the estimate of the time left. */
    private final Set<String> finishedHere = new HashSet<>();
    /** The finished points' times by load (the journal's and this run's), weights of that estimate. */
    private final PointCosts costs = new PointCosts();
    private int failedPoints;
    private int saturatedPoints;

    ExperimentRun(String id, SweepPlan plan, ResultsStore store, ProgressListener listener, SweepExecutor executor,
            int threads, boolean startPaused, ExperimentFacts facts, ProviderRegistry registry, String commit) {
        this.id = id;
        this.plan = plan;
        this.store = store;
        this.listener = listener == null ? new ProgressListener() { } : listener;
        this.executor = executor;
        this.threads = threads;
        this.facts = facts;
        this.registry = registry;
        this.commit = commit;
        this.pauseRequested = startPaused;
        this.runningTime = new RunningTime(System.nanoTime(), startPaused);
        this.interim = new InterimOutputs(() -> FinalOutputs.write(store, facts, record(RunState.RUNNING),
                plan.spec().plots(), plan.spec().report(),
                VariantGrid.of(plan.variantPlans())));
        this.skipped = store.finishedIds();
        for (PointResult r : store.kept()) {
            if (r.failed()) {
                continue; // run again: it is not skipped
            }
            costs.add(loadOf(r), r.wallMillis());
            if (Boolean.parseBoolean(r.notes().get(PointSimulation.SATURATED))) {
                saturatedPoints++;
            }
        }
        this.driver = new Thread(this::drive, "fabrica-run-" + id);
        this.driver.setDaemon(true);
    }

    void start() {
        store.writeRun(record(RunState.RUNNING));
        driver.start();
    }

    // ------------------------------------------------------------------ the sweep

    private void drive() {
        RunState end;
        try {
            List<SweepPoint> todo = new ArrayList<>();
            for (StudyPoint p : plan.points()) {
                if (!skipped.contains(p.pointId())) {
                    todo.add(p.sweepPoint(plan.experimentId()));
                }
            }
            progress();
            executor.execute(todo, new RunPoints(this, plan.experimentId(), facts.resolvedYaml(), store.dir()), threads,
                    this::finished);
            synchronized (progressLock) {
                end = stopRequested ? RunState.STOPPED : failedPoints > 0 ? RunState.FAILED : RunState.FINISHED;
            }
        } catch (InterruptedException e) {
            end = RunState.STOPPED;
        } catch (RuntimeException | Error e) {
            end = RunState.FAILED;
            // a full disk names the file and says what to do; the rest says what broke
            error = store.noSpace(e).orElseGet(() -> "the run stopped: " + ProviderFailure.message(e));
        }
        interim.close(); // an interim write under way finishes before the final outputs
        try {
            List<String> w = new ArrayList<>(artefactWarnings);
            warnings = List.copyOf(w); // in the record the report shows
            w.addAll(FinalOutputs.write(store, facts, record(end), plan.spec().plots(), plan.spec().report(),
                    VariantGrid.of(plan.variantPlans())));
            warnings = List.copyOf(w);
        } catch (RuntimeException e) {
            if (end != RunState.STOPPED) {
                end = RunState.FAILED;
            }
            error = withFailure(error, e, "results could not be completed: ");
        }
        try {
            store.writeRun(record(end));
        } catch (RuntimeException e) {
            error = withFailure(error, e, "");
        } finally {
            store.close();
            terminal = end;
            try {
                listenerLock.lock();
                try {
                    listener.progress(endFraction(end), status());
                } finally {
                    listenerLock.unlock();
                }
            } catch (RuntimeException ignored) {
                // a display problem must not hide the run's end
            }
            completion.complete(end);
        }
    }

    /** The run's error with {@code e} added; a full disk said once, in its own words. */
    private String withFailure(String error, RuntimeException e, String what) {
        java.util.Optional<String> full = store.noSpace(e);
        if (full.isPresent() && error != null && error.startsWith("no space left on device")) {
            return error;
        }
        String m = full.orElseGet(() -> what + ProviderFailure.message(e));
        return error == null ? m : error + "; " + m;
    }

    /**
     * Runs a point of this run's plan here (also a shipped one: {@link ShippedPointService}), noting
     * the build that ran it: a journal continued by several builds says which ran which point.
     */
    PointResult runPoint(SweepPoint sp) {
        StudyPoint p = plan.points().get(sp.index());
        SweepPlan own = plan.planOf(p);
        PointResult r;
        String scheme = null;
        if (own == plan) {
            r = plan.spec().study().run(new PointJob(this, plan, p, sp));
        } else {
            // a variant's point runs on its variant's plan, and its result is the sweep's point in the variant's column
            StudyPoint local = plan.localPoint(p);
            r = own.spec().study().run(new PointJob(this, own, local, local.sweepPoint(own.experimentId())));
            scheme = plan.columnLabels().get(p.scheme());
        }
        if (commit == null && scheme == null) {
            return r;
        }
        Map<String, String> notes = new LinkedHashMap<>(r.notes());
        if (scheme != null && notes.containsKey(PointSimulation.SCHEME)) {
            notes.put(PointSimulation.SCHEME, scheme);
        }
        if (commit != null && !PointSimulation.STOPPED.equals(notes.get(PointSimulation.STATUS))) {
            notes.put(PointSimulation.COMMIT, commit);
        }
        return new PointResult(sp, r.metrics(), notes, r.failure(), r.wallMillis());
    }

    /** Simulates a point of {@code plan} (the run's, or a variant's) with a mode's measurement ({@link PointJob#simulate(PointMeasurement)}). */
    PointResult simulate(SweepPlan plan, StudyPoint p, SweepPoint sp, PointMeasurement measurement) {
        PointControl control = new PointControl(this, p);
        PointSimulation sim = new PointSimulation(plan, p, control, measurement);
        if (stopRequested) {
            return stoppedResult(sp);
        }
        Thread self = Thread.currentThread();
        pointThreads.add(self);
        active.put(p.pointId(), sim);
        runningChanged = true;
        try {
            PointResult r = PointWatch.supervise(sim, sp, pointThreads, watch);
            if (!r.failed() && sim.artefacts() != null) {
                try {
                    store.writeArtefacts(p.pointId(), sim.artefacts());
                } catch (RuntimeException e) {
                    artefactWarnings.add(ProviderFailure.message(e));
                }
            }
            return r;
        } finally {
            active.remove(p.pointId());
            runningChanged = true;
            pointThreads.remove(self);
        }
    }

    static PointResult stoppedResult(SweepPoint sp) {
        Map<String, String> notes = new LinkedHashMap<>();
        notes.put(PointSimulation.STATUS, PointSimulation.STOPPED);
        return new PointResult(sp, List.of(), notes, "stopped before it started", 0);
    }

    /** A point finished (called by the executor, one at a time or not: synchronised). */
    private void finished(PointResult result) {
        PointResult r = withNotes(result);
        if (PointSimulation.STOPPED.equals(r.notes().get(PointSimulation.STATUS))) {
            return; // not finished: a resumed run does it again
        }
        store.append(r);
        synchronized (progressLock) {
            finishedPoints++;
            finishedHere.add(r.point().pointId());
            if (r.failed()) {
                failedPoints++;
            } else {
                costs.add(loadOf(r), r.wallMillis());
                if (Boolean.parseBoolean(r.notes().get(PointSimulation.SATURATED))) {
                    saturatedPoints++;
                }
            }
        }
        try {
            listenerLock.lock();
            try {
                listener.pointFinished(r);
            } finally {
                listenerLock.unlock();
            }
        } catch (RuntimeException ignored) {
            // a display problem must not stop the run
        }
        progress();
        boolean more;
        synchronized (progressLock) {
            more = !stopRequested && finishedPoints + skipped.size() < plan.points().size();
        }
        interim.pointFinished(more);
    }

    /** Results from an executor's own failure handling lack the point's notes: add them. */
    private PointResult withNotes(PointResult r) {
        if (r.notes().containsKey(PointSimulation.PATTERN) || r.point().index() < 0
                || r.point().index() >= plan.points().size()) {
            return r;
        }
        StudyPoint p = plan.points().get(r.point().index());
        Map<String, String> notes = new LinkedHashMap<>();
        notes.put(PointSimulation.PATTERN, plan.spec().patternLabels().get(p.pattern()));
        notes.put(PointSimulation.SCHEME, plan.columnLabels().get(p.scheme()));
        notes.put(PointSimulation.LOAD, plan.spec().study().loadNote(p));
        notes.put(PointSimulation.SEED, Long.toString(p.seed()));
        notes.put(PointSimulation.STATUS, r.notes().getOrDefault(PointSimulation.STATUS,
                r.failed() ? PointSimulation.FAILED : PointSimulation.OK));
        notes.put(PointSimulation.SATURATED, "false");
        notes.putAll(r.notes());
        return new PointResult(r.point(), r.metrics(), notes, r.failure(), r.wallMillis());
    }

    // ------------------------------------------------------------------ progress

    @Override
    public boolean pauseRequested() {
        return pauseRequested;
    }

    @Override
    public boolean stopRequested() {
        return stopRequested;
    }

    @Override
    public void slept(long nanos) {
        runningTime.slept(System.nanoTime(), nanos);
    }

    /** Time the process did not run outside a pause, as the points' watches found it (for tests). */
    long sleptNanos() {
        return runningTime.sleptNanos();
    }

    @Override
    public void progressed() {
        long now = System.nanoTime();
        synchronized (progressLock) {
            if (now - lastProgress < PROGRESS_INTERVAL_NANOS) {
                return;
            }
            lastProgress = now;
        }
        progress();
    }

    private void progress() {
        double fraction;
        String status;
        boolean toFile;
        long now = System.nanoTime();
        synchronized (progressLock) {
            // every point weighs the same; an active one counts with the part it has done
            double done = skipped.size() + finishedPoints;
            for (PointSimulation s : active.values()) {
                done += pointFraction(s.control());
            }
            int total = plan.points().size();
            // 1.0 is said once, when the run has ended with every point run
            fraction = total <= 0 ? 0.99 : Math.min(0.99, done / total);
            status = status() + eta(done, now);
            // every 15 s while points run, and as soon as one starts or ends
            toFile = runningChanged || lastProgressFile == 0 || now - lastProgressFile >= PROGRESS_FILE_NANOS;
            if (toFile) {
                lastProgressFile = now;
                runningChanged = false;
            }
        }
        if (toFile) {
            try {
                store.writeProgress(fraction, status, activePoints(now));
            } catch (RuntimeException ignored) {
                // the progress file is a courtesy to 'fabrica status': the run goes on without it
            }
        }
        try {
            if (listenerLock.tryLock()) {
                try {
                    listener.progress(fraction, status);
                } finally {
                    listenerLock.unlock();
                }
            }
        } catch (RuntimeException ignored) {
            // a display problem must not stop the run
        }
    }

    /** The fraction said at the end: 1 when every point ran, else the part that did (a stopped run is not 100%). */
    private double endFraction(RunState end) {
        synchronized (progressLock) {
            int total = plan.points().size();
            double done = skipped.size() + finishedPoints;
            return end == RunState.FINISHED || total <= 0 ? 1.0 : Math.min(1.0, done / total);
        }
    }

    /**
     * Part of an active point done: cycles of its expected length, or delivered packets of those it
     * is expected to deliver (a replayed trace), or delivered packets of those generated so far (a
     * collective).
     */
    private double pointFraction(PointControl c) {
        SweepPlan plan = this.plan.planOf(c.point());
        long expected = plan.expectedCycles();
        if (expected > 0) {
            return Math.min(1.0, (double) c.cycle() / expected);
        }
        long packets = plan.expectedPackets(c.point());
        if (packets > 0) {
            return Math.min(1.0, (double) c.delivered() / packets);
        }
        long generated = c.generated();
        return generated == 0 ? 0 : Math.min(1.0, (double) c.delivered() / generated);
    }

    /**
     * {@code , about 3 min left}: the running time so far (paused time and time the process did
     * not run excluded: {@link #slept}) scaled by what is
     * left, once there is enough to go on (10 s, and 2% of the points done by this run); empty
     * before, and while paused. Points are weighed by their load's expected cost ({@link PointCosts}):
     * the time of the work done here, times the expected cost of the points not finished over that
     * of the points this run finished (and the done part of those running). The points skipped on
     * resume took no time here, so they count neither in the rate nor as work left; counting them
     * in the rate made a resumed run's estimate far too short.
     */
    private String eta(double done, long now) {
        long running = runningTime.running(now);
        int total = plan.points().size();
        if (pauseRequested || running < 10_000_000_000L || done - skipped.size() < 0.02 * total) {
            return "";
        }
        double doneHere = 0;
        double left = 0;
        for (StudyPoint p : plan.points()) {
            String pid = p.pointId();
            if (skipped.contains(pid)) {
                continue;
            }
            double w = costs.weight(p.load());
            if (finishedHere.contains(pid)) {
                doneHere += w;
                continue;
            }
            PointSimulation s = active.get(pid);
            double f = s == null ? 0 : pointFraction(s.control());
            doneHere += w * f;
            left += w * (1 - f);
        }
        return ", about " + duration(PointCosts.secondsLeft(doneHere, left, running / 1e9)) + " left";
    }

    /** The load of a finished point's plan entry (0 for a study without loads, or an index out of the plan). */
    private double loadOf(PointResult r) {
        int i = r.point().index();
        return i >= 0 && i < plan.points().size() ? plan.points().get(i).load() : 0;
    }

    /** {@code 45 s}, {@code 12 min}, {@code 2.5 h}. */
    static String duration(double seconds) {
        if (seconds < 90) {
            return Math.max(1, Math.round(seconds)) + " s";
        }
        if (seconds < 90 * 60) {
            return Math.round(seconds / 60) + " min";
        }
        return String.format(java.util.Locale.ROOT, "%.1f h", seconds / 3600);
    }

    private String status() {
        int done = skipped.size() + finishedPoints;
        StringBuilder sb = new StringBuilder();
        sb.append(done).append('/').append(plan.points().size()).append(" points");
        if (!active.isEmpty()) {
            sb.append(", ").append(active.size()).append(" running");
        }
        if (saturatedPoints > 0) {
            sb.append(", ").append(saturatedPoints).append(" saturated");
        }
        if (failedPoints > 0) {
            sb.append(", ").append(failedPoints).append(" failed");
        }
        if (pauseRequested && terminal == null) {
            sb.append(" (paused)");
        }
        return sb.toString();
    }

    // ------------------------------------------------------------------ RunHandle

    @Override
    public String id() {
        return id;
    }

    @Override
    public String experimentName() {
        return plan.spec().name();
    }

    @Override
    public RunState state() {
        RunState t = terminal;
        if (t != null) {
            return t;
        }
        if (stopRequested) {
            return RunState.STOPPED;
        }
        return pauseRequested ? RunState.PAUSED : RunState.RUNNING;
    }

    @Override
    public Path outDir() {
        return store.dir();
    }

    @Override
    public void pause() {
        if (terminal != null) {
            return;
        }
        runningTime.paused(System.nanoTime());
        pauseRequested = true;
        List<PointSimulation> sims = new ArrayList<>(active.values());
        for (PointSimulation s : sims) {
            s.control().wake();
        }
        if (pointThreads.contains(Thread.currentThread())) {
            return; // called from inside a simulation (a listener): it parks when it returns
        }
        try {
            for (PointSimulation s : sims) {
                s.control().awaitParked();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void resume() {
        runningTime.resumed(System.nanoTime());
        pauseRequested = false;
        for (PointSimulation s : active.values()) {
            s.control().wake();
        }
    }

    @Override
    public void step(long cycles) {
        if (cycles < 1) {
            throw new ExperimentException("step " + cycles + ": give a number of cycles >= 1");
        }
        if (terminal != null) {
            throw new ExperimentException("run " + id + " has ended (" + terminal.name().toLowerCase(java.util.Locale.ROOT)
                    + "); there is nothing to step");
        }
        if (!pauseRequested) {
            throw new ExperimentException("run " + id + " is not paused; pause it before stepping");
        }
        try {
            awaitSimulationsParked();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
        }
        List<PointControl> stepping = new ArrayList<>();
        for (PointSimulation s : active.values()) {
            if (s.control().step(cycles)) {
                stepping.add(s.control());
            }
        }
        try {
            for (PointControl c : stepping) {
                c.awaitParked();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Waits until the run's simulations have come to a checkpoint: right after a paused start (or
     * between two points) a point may not be started yet, or be active while its network is still being
     * built, and a step given then would simulate nothing. Returns early when the run ends, is stopped
     * or resumed meanwhile.
     */
    private void awaitSimulationsParked() throws InterruptedException {
        while (terminal == null && !stopRequested && pauseRequested) {
            List<PointSimulation> now = new ArrayList<>(active.values());
            if (!now.isEmpty()) {
                for (PointSimulation s : now) {
                    s.control().awaitParked();
                }
                return;
            }
            Thread.sleep(10); // no point started yet: the sweep starts one at once
        }
    }

    @Override
    public void stop() {
        stopRequested = true;
        for (PointSimulation s : active.values()) {
            s.control().wake();
        }
        Thread self = Thread.currentThread();
        if (self == driver || pointThreads.contains(self)) {
            return; // called from a listener: waiting here would wait for ourselves
        }
        try {
            completion.join();
        } catch (RuntimeException e) {
            // completion is never completed exceptionally
        }
    }

    @Override
    public void swap(String concept, String name, Map<String, Object> parameters) {
        if (!"routing".equals(concept) && !"rootPolicy".equals(concept)) {
            throw new ExperimentException("only routing and rootPolicy can be swapped into a running simulation; '"
                    + concept + "' is fixed when a point is built (start a new run to change it)");
        }
        if (terminal != null) {
            throw new ExperimentException("run " + id + " has ended; start a new run with the routing you want");
        }
        if (!pauseRequested) {
            throw new ExperimentException("run " + id + " is not paused; pause it first, then swap, then resume");
        }
        List<PointSimulation> parked = new ArrayList<>();
        for (PointSimulation s : active.values()) {
            if (s.control().parked()) {
                parked.add(s);
            }
        }
        if (parked.isEmpty()) {
            throw new ExperimentException("no simulation of run " + id + " is paused at a cycle boundary; wait for "
                    + "pause to return and try again");
        }
        RegisteredProvider provider = registry.resolve(concept, name);
        BoundProvider routing = ProviderBinding.bind(provider, new ProviderChoice(concept, name,
                parameters == null ? Map.of() : parameters, "swap " + concept), ProviderBinding.baseDirectory(plan.document()));
        List<String> failures = new ArrayList<>();
        for (PointSimulation s : parked) {
            String pointId = s.control().point().pointId();
            try {
                swapLog.add(pointId + ": " + ("routing".equals(concept) ? s.swapRouting(routing)
                        : s.swapRootPolicy(routing)));
            } catch (ExperimentException e) {
                failures.add(pointId + ": " + e.getMessage());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                failures.add(pointId + ": interrupted");
                break;
            }
        }
        try {
            store.writeRun(record(state()));
        } catch (RuntimeException e) {
            failures.add("run record not written: " + e.getMessage());
        }
        if (!failures.isEmpty()) {
            throw new ExperimentException("swap to " + concept + " '" + name + "' failed for "
                    + String.join("; ", failures));
        }
    }

    /** The running points in sweep order, as {@link #stats()} gives them under {@code active}. */
    private List<Map<String, Object>> activePoints(long now) {
        List<Map<String, Object>> points = new ArrayList<>();
        List<PointSimulation> running = new ArrayList<>(active.values());
        running.sort(java.util.Comparator.comparingInt(s -> s.control().point().index()));
        for (PointSimulation s : running) {
            PointControl c = s.control();
            Map<String, Object> p = new LinkedHashMap<>();
            p.put("point", c.point().pointId());
            p.put("cycle", c.cycle());
            p.put("generated", c.generated());
            p.put("delivered", c.delivered());
            p.put("inFlight", c.inFlight());
            p.put("paused", c.parked());
            String phase = plan.planOf(c.point()).phaseAt(c.cycle());
            if (phase != null) {
                p.put("phase", phase);
            }
            p.put("seconds", c.runningNanos(now) / 1_000_000_000L);
            points.add(p);
        }
        return points;
    }

    @Override
    public Map<String, Object> stats() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("run", id);
        m.put("state", state().name());
        long generated = 0;
        long delivered = 0;
        long inFlight = 0;
        List<Map<String, Object>> points = activePoints(System.nanoTime());
        for (Map<String, Object> p : points) {
            generated += (Long) p.get("generated");
            delivered += (Long) p.get("delivered");
            inFlight += (Long) p.get("inFlight");
        }
        synchronized (progressLock) {
            m.put("points.total", plan.points().size());
            m.put("points.finished", skipped.size() + finishedPoints);
            m.put("points.failed", failedPoints);
            m.put("points.saturated", saturatedPoints);
        }
        // finished points count with what they generated and delivered (a finished run is not all zeros)
        for (PointResult r : store.results()) {
            double g = PointRecords.metric(r, "packets.generated");
            double d = PointRecords.metric(r, "packets.delivered");
            generated += Double.isNaN(g) ? 0 : (long) g;
            delivered += Double.isNaN(d) ? 0 : (long) d;
        }
        m.put("points.active", points.size());
        m.put("generated", generated);
        m.put("delivered", delivered);
        m.put("inFlight", inFlight);
        m.put("active", points);
        return m;
    }

    @Override
    public List<PointResult> results() {
        return store.results();
    }

    @Override
    public CompletionStage<RunState> completion() {
        return completion.copy();
    }

    @Override
    public java.util.Optional<String> error() {
        return java.util.Optional.ofNullable(error);
    }

    @Override
    public String summaryText() {
        return FinalOutputs.text(facts, store.results(), threads);
    }

    /** Swaps done so far, as recorded in run.json. */
    List<String> swaps() {
        synchronized (swapLog) {
            return List.copyOf(swapLog);
        }
    }

    private RunRecord record(RunState state) {
        synchronized (progressLock) {
            return new RunRecord(id, plan.spec().name(), plan.experimentId(), facts.fabricaVersion(),
                    state.name().toLowerCase(java.util.Locale.ROOT), started,
                    state == RunState.RUNNING || state == RunState.PAUSED ? null : now(), plan.points().size(),
                    skipped.size(), finishedPoints, failedPoints, saturatedPoints, threads, swaps(), warnings, error);
        }
    }

    private static String now() {
        return ZonedDateTime.now().format(DateTimeFormatter.ISO_OFFSET_DATE_TIME);
    }
}
