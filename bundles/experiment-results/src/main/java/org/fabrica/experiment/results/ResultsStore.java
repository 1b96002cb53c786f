package org.fabrica.experiment.results;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.fabrica.experiment.ExperimentException;
import org.fabrica.stats.CsvWriter;
import org.fabrica.stats.Metric;
import org.fabrica.sweep.PointResult;

/**
 * The results folder of an experiment (docs/architecture.md, "Experiments and results"):
 * <ul>
 * <li>{@code experiment.yaml}: the resolved experiment with provider versions;</li>
 * <li>{@code points.jsonl}: the journal, one JSON line per finished point, appended with one
 * write and forced to disk as each point finishes, so a crash loses nothing and {@code --resume}
 * skips what is there (a truncated last line from a kill is ignored and cut off);</li>
 * <li>{@code points.csv}: one row per point, rewritten after each point;</li>
 * <li>{@code points.json} ({@link #writePointsJson}), {@code plots/*.svg|png}, {@code report.html}: at the end of
 * the run, by {@code FinalOutputs};</li>
 * <li>{@code run.json}: the run record (state, counts, swaps);</li>
 * <li>{@code series/*.csv}, {@code spacetime/*.png|svg|csv}: a point's series and space-time chart
 * (the PNG the raw image, the SVG the same with axes, line names and a legend),
 * written as the point finishes, before its journal line ({@link #writeArtefacts});</li>
 * <li>{@code summary.csv} of a steady experiment (per load point, mean and confidence interval over
 * the seeds; {@code SteadySummary}): at the end of the run;</li>
 * <li>{@code summary.csv} and {@code series/ratios-*.csv} (ramp and collective modes): at the
 * end of the run.</li>
 * </ul>
 * Every CSV table is written by {@link CsvWriter} (RFC 4180, one number format). Every file but
 * the journal is replaced atomically ({@link AtomicFile}), so a killed run leaves no half-written
 * file. A folder holding another experiment's journal is refused; one holding
 * the same experiment's is continued with {@code resume}, else started over, after moving its
 * finished results (if any) into {@code earlier/<time>/}: a new run never destroys results.
 */
public final class ResultsStore implements AutoCloseable {
    public static final String EXPERIMENT = "experiment.yaml";
    public static final String JOURNAL = "points.jsonl";
    public static final String CSV = "points.csv";
    public static final String JSON = "points.json";
    public static final String RUN = "run.json";
    public static final String REPORT = "report.html";
    public static final String PLOTS = "plots";
    public static final String SERIES = "series";
    public static final String SPACE_TIME = "spacetime";
    public static final String SUMMARY = "summary.csv";
    /**
     * Where a live run stands, rewritten every {@link #PROGRESS_SECONDS} s while it runs and removed
     * when it ends: its progress line and its running points ({@link RunStatus}).
     */
    public static final String PROGRESS = "progress.json";
    /** Seconds between two writes of {@link #PROGRESS}. */
    public static final int PROGRESS_SECONDS = 15;
    /** Where a new run moves the finished results of the one before ({@code earlier/<time>/}). */
    public static final String EARLIER = "earlier";
    /** Held while a run uses the folder. */
    static final String LOCK = ".fabrica.lock";
    /** Folders that a run of this process holds (absolute, normalised). */
    private static final java.util.Set<Path> HELD = java.util.concurrent.ConcurrentHashMap.newKeySet();

    private static final List<String> KEY_COLUMNS = List.of("pointId", "index", "pattern", "scheme", "load", "seed",
            "status");

    private final Path dir;
    private final String experimentId;
    private final Map<String, PointResult> results = new LinkedHashMap<>();
    private final List<PointResult> kept;
    private JournalWriter journal;
    private final FileChannel lockChannel;
    private final FileLock lock;

    private ResultsStore(Path dir, String experimentId, List<PointResult> kept, JournalWriter journal,
            FileChannel lockChannel, FileLock lock) {
        this.dir = dir;
        this.experimentId = experimentId;
        this.kept = List.copyOf(kept);
        this.journal = journal;
        this.lockChannel = lockChannel;
        this.lock = lock;
        for (PointResult r : kept) {
            results.put(r.point().pointId(), r);
        }
    }

    // ------------------------------------------------------------------ checks and opening

    /**
     * Checks that a run could use the folder, writing nothing: it is, or can become, a writable
     * folder, and its journal (if any) belongs to this experiment.
     *
     * @throws ExperimentException saying what is wrong and what to do
     */
    public static void check(Path dir, String experimentId, boolean resume) {
        check(dir, experimentId, Set.of(), null, resume);
    }

    /**
     * As {@link #check(Path, String, boolean)}, also accepting journal lines of the experiments in
     * {@code earlierIds} (the same experiment as resolved by an earlier Fabrica, whose lines a run
     * may continue), and naming, when the folder holds another experiment's journal, the settings
     * in which its {@code experiment.yaml} differs from {@code resolvedYaml} (this run's resolved
     * experiment, as it would be written; null to name none).
     *
     * @throws ExperimentException saying what is wrong and what to do
     */
    public static void check(Path dir, String experimentId, Set<String> earlierIds, String resolvedYaml,
            boolean resume) {
        finished(dir, experimentId, earlierIds, resolvedYaml);
    }

    /**
     * Checks the folder as {@link #check(Path, String, Set, String, boolean)} does and returns the
     * ids of the points its journal holds finished (of this experiment or of {@code earlierIds});
     * none when the folder or its journal does not exist yet. Reads only.
     *
     * @throws ExperimentException saying what is wrong and what to do
     */
    public static Set<String> finished(Path dir, String experimentId, Set<String> earlierIds, String resolvedYaml) {
        Path abs = dir.toAbsolutePath().normalize();
        if (Files.exists(abs)) {
            if (!Files.isDirectory(abs)) {
                throw new ExperimentException("results folder " + dir + " is a file, not a folder; choose another "
                        + "folder with --out");
            }
            if (!Files.isWritable(abs)) {
                throw new ExperimentException("results folder " + dir + " is not writable; choose another folder with "
                        + "--out or fix its permissions");
            }
            Set<String> ids = new java.util.LinkedHashSet<>();
            for (PointResult r : readJournal(abs, dir, experimentId, earlierIds, resolvedYaml).results()) {
                ids.add(r.point().pointId());
            }
            return ids;
        }
        Path p = abs.getParent();
        while (p != null && !Files.exists(p)) {
            p = p.getParent();
        }
        if (p == null || !Files.isDirectory(p)) {
            throw new ExperimentException("results folder " + dir + " cannot be created: " + p
                    + " is a file, not a folder; choose another folder with --out");
        }
        if (!Files.isWritable(p)) {
            throw new ExperimentException("results folder " + dir + " cannot be created: " + p
                    + " is not writable; choose another folder with --out");
        }
        return Set.of();
    }

    /**
     * Opens the folder for a run: creates it, and either keeps the journal's finished points
     * ({@code resume}) or starts over.
     *
     * @throws ExperimentException when the folder cannot be used
     */
    public static ResultsStore open(Path dir, String experimentId, boolean resume) {
        return open(dir, experimentId, Set.of(), null, resume);
    }

    /**
     * As {@link #open(Path, String, boolean)}, keeping the finished points of the experiments in
     * {@code earlierIds} too and naming the differing settings when the folder holds another
     * experiment's journal ({@link #check(Path, String, Set, String, boolean)}).
     *
     * @throws ExperimentException when the folder cannot be used
     */
    public static ResultsStore open(Path dir, String experimentId, Set<String> earlierIds, String resolvedYaml,
            boolean resume) {
        check(dir, experimentId, earlierIds, resolvedYaml, resume);
        Path abs = dir.toAbsolutePath().normalize();
        // one run per folder at a time. In this process first, by name: opening and closing a second
        // channel on the lock file would release the running run's lock (POSIX locks belong to the process).
        if (!HELD.add(abs)) {
            throw inUse(dir);
        }
        try {
            Files.createDirectories(abs);
            Path probe = abs.resolve(".fabrica-write-test");
            Files.deleteIfExists(probe);
            Files.createFile(probe);
            Files.delete(probe);
        } catch (IOException e) {
            HELD.remove(abs);
            throw new ExperimentException("results folder " + dir + " is not writable (" + e.getMessage()
                    + "); choose another folder with --out", e);
        }
        FileChannel lockChannel = null;
        FileLock lock = null;
        try {
            // then against other processes
            lockChannel = FileChannel.open(abs.resolve(LOCK), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            try {
                lock = lockChannel.tryLock();
            } catch (OverlappingFileLockException e) {
                lock = null;
            }
            if (lock == null) {
                throw inUse(dir);
            }
            deleteStaleTemporaries(abs);
            markInterrupted(abs);
            Files.deleteIfExists(abs.resolve(PROGRESS)); // the interrupted run's: its points are not running
            Journal j = readJournal(abs, dir, experimentId, earlierIds, resolvedYaml);
            Path file = abs.resolve(JOURNAL);
            List<PointResult> kept = new ArrayList<>();
            if (resume) {
                kept.addAll(j.results());
                if (j.exists() && j.validBytes() < Files.size(file)) {
                    // a killed run left half a line: cut it so the next line starts cleanly
                    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
                        ch.truncate(j.validBytes());
                    }
                }
            } else {
                if (!j.results().isEmpty()) {
                    keepEarlier(abs);
                }
                for (String name : List.of(JOURNAL, CSV, JSON, RUN, REPORT, SUMMARY)) {
                    Files.deleteIfExists(abs.resolve(name));
                }
                deletePlots(abs.resolve(PLOTS));
                deleteFiles(abs.resolve(SERIES), "*.{csv,tmp}");
                deleteFiles(abs.resolve(SPACE_TIME), "*.{png,svg,csv,tmp}");
            }
            JournalWriter out = JournalWriter.open(file);
            ResultsStore store = new ResultsStore(abs, experimentId, dedupe(kept), out, lockChannel, lock);
            store.writeCsv();
            return store;
        } catch (IOException | RuntimeException e) {
            release(lockChannel, lock);
            HELD.remove(abs);
            if (e instanceof ExperimentException x) {
                throw x;
            }
            throw new ExperimentException("cannot prepare results folder " + dir + ": " + e.getMessage(), e);
        }
    }

    private record Journal(boolean exists, List<PointResult> results, long validBytes) {
    }

    private static Journal readJournal(Path abs, Path shown, String experimentId, Set<String> earlierIds,
            String resolvedYaml) {
        Path file = abs.resolve(JOURNAL);
        if (!Files.isRegularFile(file)) {
            return new Journal(false, List.of(), 0);
        }
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (IOException e) {
            throw new ExperimentException("cannot read the journal " + file + ": " + e.getMessage(), e);
        }
        List<PointResult> out = new ArrayList<>();
        int start = 0;
        int lineNo = 0;
        long valid = 0;
        while (start < bytes.length) {
            int end = start;
            while (end < bytes.length && bytes[end] != '\n') {
                end++;
            }
            lineNo++;
            if (end >= bytes.length) {
                break; // no line break: the half-written last line of a killed run, ignored
            }
            String line = new String(bytes, start, end - start, StandardCharsets.UTF_8).trim();
            if (!line.isEmpty()) {
                PointResult r;
                try {
                    r = PointRecords.parse(line);
                } catch (IllegalArgumentException e) {
                    throw new ExperimentException("the journal " + file + " is damaged at line " + lineNo + " ("
                            + e.getMessage() + "); move the folder away or choose another with --out");
                }
                if (!r.point().experimentId().equals(experimentId) && !earlierIds.contains(r.point().experimentId())) {
                    String differ = differences(abs, resolvedYaml);
                    throw new ExperimentException("results folder " + shown + " holds results of another experiment"
                            + otherName(abs) + " (id " + r.point().experimentId() + ", this one is " + experimentId
                            + (differ.isEmpty() ? "" : "; " + differ)
                            + "); choose another folder with --out, or delete " + shown + " to reuse it");
                }
                out.add(r);
            }
            valid = end + 1;
            start = end + 1;
        }
        return new Journal(true, out, valid);
    }

    /** The settings in which the folder's experiment differs from {@code resolvedYaml}, as a clause, or "". */
    private static String differences(Path abs, String resolvedYaml) {
        Path f = abs.resolve(EXPERIMENT);
        if (resolvedYaml == null || !Files.isRegularFile(f)) {
            return "";
        }
        try {
            YAMLMapper yaml = new YAMLMapper();
            return ExperimentDifferences.describe(
                    ExperimentDifferences.between(yaml.readTree(f.toFile()), yaml.readTree(resolvedYaml)), 6);
        } catch (IOException | RuntimeException e) {
            return ""; // the folder's experiment.yaml is unreadable: the ids alone say it is another experiment
        }
    }

    private static String otherName(Path abs) {
        Path f = abs.resolve(EXPERIMENT);
        if (!Files.isRegularFile(f)) {
            return "";
        }
        try {
            JsonNode n = new YAMLMapper().readTree(f.toFile());
            return n != null && n.hasNonNull("name") ? " '" + n.get("name").asText() + "'" : "";
        } catch (IOException | RuntimeException e) {
            return "";
        }
    }

    private static List<PointResult> dedupe(List<PointResult> in) {
        Map<String, PointResult> last = new LinkedHashMap<>();
        for (PointResult r : in) {
            last.put(r.point().pointId(), r);
        }
        return new ArrayList<>(last.values());
    }

    private static void deleteStaleTemporaries(Path abs) throws IOException {
        try (DirectoryStream<Path> s = Files.newDirectoryStream(abs, ".*.tmp")) {
            for (Path p : s) {
                Files.deleteIfExists(p);
            }
        }
    }

    /**
     * A run record still saying running or paused when this process holds the lock belongs to a run
     * that ended without closing the folder (killed): say so in it, before it is continued or kept.
     */
    private static void markInterrupted(Path abs) throws IOException {
        Path file = abs.resolve(RUN);
        if (!Files.isRegularFile(file)) {
            return;
        }
        com.fasterxml.jackson.databind.JsonNode tree;
        try {
            tree = PointRecords.JSON.readTree(file.toFile());
        } catch (IOException e) {
            return; // a damaged record is replaced by the next run's anyway
        }
        if (tree instanceof com.fasterxml.jackson.databind.node.ObjectNode o && o.path("state").isTextual()
                && List.of("running", "paused").contains(o.get("state").asText())) {
            o.put("state", "interrupted");
            Path last = Files.exists(abs.resolve(JOURNAL)) ? abs.resolve(JOURNAL) : file; // its last journal line
            o.put("ended", java.time.ZonedDateTime.ofInstant(Files.getLastModifiedTime(last).toInstant(),
                    java.time.ZoneId.systemDefault()).format(java.time.format.DateTimeFormatter.ISO_OFFSET_DATE_TIME));
            if (o.path("error").isNull() || o.path("error").isMissingNode()) {
                o.put("error", "the run ended without closing its results folder (killed or the machine stopped); "
                        + "found by the next run of this folder; ended is the time of its last journal line");
            }
            AtomicFile.write(file, PointRecords.JSON.writerWithDefaultPrettyPrinter().writeValueAsBytes(o));
        }
    }

    /**
     * For a command that reads the folder without running (compare): when the run record says running
     * or paused and the folder's lock is free (its run was killed), marks the record interrupted as the
     * next run would, and returns a note; empty when there is nothing to settle or a live run holds it.
     */
    public static Optional<String> settleInterrupted(Path dir) {
        Path abs = dir.toAbsolutePath().normalize();
        Path record = abs.resolve(RUN);
        if (!Files.isRegularFile(record) || !Files.isRegularFile(abs.resolve(LOCK)) || !unsettled(record)) {
            return Optional.empty();
        }
        try {
            if (!whileFree(abs, () -> markInterrupted(abs))) {
                return Optional.empty(); // a live run holds it
            }
            JsonNode run = PointRecords.JSON.readTree(record.toFile());
            long done = 0;
            if (Files.isRegularFile(abs.resolve(JOURNAL))) {
                try (java.util.stream.Stream<String> lines = Files.lines(abs.resolve(JOURNAL), StandardCharsets.UTF_8)) {
                    done = lines.filter(l -> !l.isBlank()).count();
                }
            }
            return Optional.of("run " + run.path("runId").asText("?") + " of " + dir + " ended without closing its "
                    + "results folder (killed, or the machine stopped); its run.json now says interrupted. " + done + " of "
                    + run.path("points").asText("?") + " points are done: ./fabrica run " + dir
                    + " --resume runs the others");
        } catch (IOException | RuntimeException e) {
            return Optional.empty(); // a courtesy: the reading command goes on either way
        }
    }

    /** Work done on a folder while holding its lock. */
    private interface LockedWork {
        void run() throws IOException;
    }

    /**
     * Does {@code work} holding the folder's lock when no live run holds it, and says whether it did.
     * A run of this process is known by name ({@link #HELD}): a second channel on the lock file it
     * holds would free its POSIX lock. Another process's run holds the lock itself.
     */
    private static boolean whileFree(Path abs, LockedWork work) throws IOException {
        if (!HELD.add(abs)) {
            return false;
        }
        try (FileChannel channel = FileChannel.open(abs.resolve(LOCK), StandardOpenOption.WRITE)) {
            FileLock lock;
            try {
                lock = channel.tryLock();
            } catch (OverlappingFileLockException e) {
                lock = null;
            }
            if (lock == null) {
                return false;
            }
            try {
                work.run();
            } finally {
                lock.release();
            }
            return true;
        } finally {
            HELD.remove(abs);
        }
    }

    /**
     * Whether a live run holds the folder: one of this process, or the lock of another's. Reads only
     * (never opens a second channel on a lock this process holds, which would release it).
     */
    static boolean heldByARun(Path dir) {
        Path abs = dir.toAbsolutePath().normalize();
        if (HELD.contains(abs)) {
            return true;
        }
        if (!Files.isRegularFile(abs.resolve(LOCK))) {
            return false;
        }
        try {
            return !whileFree(abs, () -> { });
        } catch (IOException e) {
            return false; // an unreadable lock file holds nothing
        }
    }

    private static boolean unsettled(Path record) {
        try {
            String state = PointRecords.JSON.readTree(record.toFile()).path("state").asText("");
            return state.equals("running") || state.equals("paused");
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /**
     * Moves the finished results of an earlier run into {@code earlier/<time of its journal>/}, so
     * that starting over never destroys them.
     */
    private static void keepEarlier(Path abs) throws IOException {
        java.time.LocalDateTime t = java.time.LocalDateTime.ofInstant(
                Files.getLastModifiedTime(abs.resolve(JOURNAL)).toInstant(), java.time.ZoneId.systemDefault());
        String stamp = t.format(java.time.format.DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
        Path target = abs.resolve(EARLIER).resolve(stamp);
        for (int n = 2; Files.exists(target); n++) {
            target = abs.resolve(EARLIER).resolve(stamp + "-" + n);
        }
        Files.createDirectories(target);
        for (String name : List.of(EXPERIMENT, JOURNAL, CSV, JSON, RUN, REPORT, SUMMARY, PLOTS, SERIES, SPACE_TIME)) {
            Path from = abs.resolve(name);
            if (Files.exists(from)) {
                Files.move(from, target.resolve(name));
            }
        }
    }

    private static void deletePlots(Path plots) throws IOException {
        deleteFiles(plots, "*.{svg,png,tmp}");
    }

    private static void deleteFiles(Path folder, String glob) throws IOException {
        if (!Files.isDirectory(folder)) {
            return;
        }
        try (DirectoryStream<Path> s = Files.newDirectoryStream(folder, glob)) {
            for (Path p : s) {
                Files.deleteIfExists(p);
            }
        }
        // temporaries of AtomicFile start with a dot
        try (DirectoryStream<Path> s = Files.newDirectoryStream(folder, ".*.tmp")) {
            for (Path p : s) {
                Files.deleteIfExists(p);
            }
        }
    }

    // ------------------------------------------------------------------ during the run

    /** The folder. */
    public Path dir() {
        return dir;
    }

    /** Results kept from the journal of an earlier run (resume), deduplicated by point id. */
    public List<PointResult> kept() {
        return kept;
    }

    /** Point ids that a resumed run skips: finished without failure. */
    public Set<String> finishedIds() {
        Set<String> ids = new LinkedHashSet<>();
        for (PointResult r : kept) {
            if (!r.failed()) {
                ids.add(r.point().pointId());
            }
        }
        return ids;
    }

    /** Every result known (kept and new), by point index. */
    public synchronized List<PointResult> results() {
        List<PointResult> all = new ArrayList<>(results.values());
        all.sort(Comparator.comparingInt(r -> r.point().index()));
        return all;
    }

    /** Writes a text file of the folder atomically. */
    public void writeText(String name, String text) {
        try {
            AtomicFile.write(dir.resolve(name), text);
        } catch (IOException e) {
            throw writeFailure(dir.resolve(name), "cannot write ", e);
        }
    }

    /**
     * The error of a failed write of {@code file}: on a full disk, {@link FullDisk#message}; else
     * {@code what + file + ": " + the reason}.
     */
    private UncheckedIOException writeFailure(Path file, String what, IOException e) {
        return new UncheckedIOException(FullDisk.is(e) ? FullDisk.message(dir, file) : what + file + ": " + e.getMessage(), e);
    }

    /**
     * When {@code failure} (or a cause of it) is a full disk (ENOSPC, a quota), what to tell the user about this
     * folder ({@link FullDisk#message}), naming the file being written; empty for any other failure.
     */
    public java.util.Optional<String> noSpace(Throwable failure) {
        return FullDisk.of(dir, failure);
    }

    /**
     * Appends a finished point to the journal (one write call of one line, synced to disk) and
     * rewrites the CSV.
     */
    public synchronized void append(PointResult r) {
        if (!r.point().experimentId().equals(experimentId)) {
            throw new IllegalArgumentException("point " + r.point().pointId() + " belongs to experiment "
                    + r.point().experimentId() + ", not " + experimentId);
        }
        byte[] line = (PointRecords.line(r) + "\n").getBytes(StandardCharsets.UTF_8);
        try {
            journal.append(line); // whole, or cut back to the last whole line
        } catch (IOException e) {
            throw writeFailure(dir.resolve(JOURNAL), "cannot append to the journal ", e);
        }
        results.put(r.point().pointId(), r);
        writeCsv();
    }

    /**
     * Writes a point's series and space-time chart ({@code series/<point>.csv},
     * {@code series/<point>-inflight.csv}, {@code series/<point>-nodes.csv},
     * {@code spacetime/<point>.png} and {@code .csv}, the point id's '/' written as '_'), each
     * atomically. Called from the point's thread before its result is appended, so every journaled
     * point has its files; a point run again replaces them.
     */
    public void writeArtefacts(String pointId, PointArtefacts a) {
        String stem = PointArtefacts.stem(pointId);
        try {
            if (a.series() != null || a.inFlight() != null || a.nodes() != null) {
                Path series = Files.createDirectories(dir.resolve(SERIES));
                if (a.series() != null) {
                    AtomicFile.write(series.resolve(stem + PointArtefacts.SERIES_SUFFIX), a.series().csv());
                }
                if (a.inFlight() != null) {
                    AtomicFile.write(series.resolve(stem + PointArtefacts.IN_FLIGHT_SUFFIX), a.inFlight().csv());
                }
                if (a.nodes() != null) {
                    AtomicFile.write(series.resolve(stem + PointArtefacts.NODES_SUFFIX), a.nodes().csv());
                }
            }
            if (a.spaceTime() != null) {
                Path st = Files.createDirectories(dir.resolve(SPACE_TIME));
                AtomicFile.write(st.resolve(stem + ".csv"), a.spaceTime().csv());
                AtomicFile.write(st.resolve(stem + ".png"), a.spaceTime().png(a.cellPixels()));
                // the same chart with its axes, line names and legend, for people (and the report)
                AtomicFile.write(st.resolve(stem + ".svg"), a.spaceTime().svg(a.cellPixels(), pointId)
                        .getBytes(java.nio.charset.StandardCharsets.UTF_8));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the series of point " + pointId + " into " + dir + ": "
                    + e.getMessage(), e);
        }
    }

    /**
     * Writes {@link #PROGRESS} (atomically): the time, the run's fraction done and progress line, and
     * its running points as {@code RunHandle.stats()} gives them ({@code point}, {@code cycle},
     * {@code phase}, ...).
     */
    public synchronized void writeProgress(double fraction, String status, List<Map<String, Object>> running) {
        if (journal == null) {
            return; // closed: the run has ended, and its progress file is gone with it
        }
        ObjectNode root = PointRecords.JSON.createObjectNode();
        root.put("written", java.time.ZonedDateTime.now()
                .format(java.time.format.DateTimeFormatter.ISO_OFFSET_DATE_TIME));
        root.put("fraction", fraction);
        root.put("status", status);
        root.set("running", PointRecords.JSON.valueToTree(running));
        try {
            AtomicFile.write(dir.resolve(PROGRESS), PointRecords.JSON.writerWithDefaultPrettyPrinter()
                    .writeValueAsBytes(root));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + dir.resolve(PROGRESS) + ": " + e.getMessage(), e);
        }
    }

    /** Writes the run record. */
    public void writeRun(RunRecord record) {
        byte[] content;
        try {
            content = PointRecords.JSON.writerWithDefaultPrettyPrinter().writeValueAsBytes(record);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + dir.resolve(RUN) + ": " + e.getMessage(), e);
        }
        try {
            AtomicFile.write(dir.resolve(RUN), content);
        } catch (IOException e) {
            if (!FullDisk.is(e)) {
                throw writeFailure(dir.resolve(RUN), "cannot write ", e);
            }
            // A full disk: the run's end must still be told (else status calls the run killed). Make room with
            // the outputs a resume writes again from the journal, then write the record.
            freeRebuildableOutputs();
            try {
                AtomicFile.write(dir.resolve(RUN), content);
            } catch (IOException again) {
                again.addSuppressed(e);
                throw writeFailure(dir.resolve(RUN), "cannot write ", again);
            }
        }
    }

    /**
     * Deletes what the final outputs of a resumed run write again from the journal (points.csv, points.json,
     * summary.csv, report.html, plots/, progress.json): what a full disk may give back for the run record.
     */
    private void freeRebuildableOutputs() {
        for (String name : List.of(CSV, JSON, SUMMARY, REPORT, PROGRESS)) {
            try {
                Files.deleteIfExists(dir.resolve(name));
            } catch (IOException e) {
                // best effort: the next one may free enough
            }
        }
        try {
            deletePlots(dir.resolve(PLOTS));
        } catch (IOException e) {
            // best effort, as above
        }
    }

    private void writeCsv() {
        List<PointResult> all = results();
        List<String> metricNames = metricNames(all);
        List<String> header = new ArrayList<>(KEY_COLUMNS);
        header.addAll(metricNames);
        header.add("swaps");
        header.add("failure");
        CsvWriter csv = new CsvWriter(CSV, CsvWriter.LineEnd.CRLF, header);
        for (PointResult r : all) {
            csv.field(r.point().pointId()).field(r.point().index());
            for (String k : KEY_COLUMNS.subList(2, KEY_COLUMNS.size())) {
                csv.field(r.notes().getOrDefault(k, ""));
            }
            for (String m : metricNames) {
                csv.field(PointRecords.metric(r, m));
            }
            csv.field(r.notes().getOrDefault("swaps", "")).field(r.failure()).endRecord();
        }
        writeText(CSV, csv.text());
    }

    static List<String> metricNames(List<PointResult> all) {
        Set<String> names = new LinkedHashSet<>();
        for (PointResult r : all) {
            for (Metric m : r.metrics()) {
                names.add(m.name());
            }
        }
        return new ArrayList<>(names);
    }

    // ------------------------------------------------------------------ at the end

    /**
     * Writes points.json (atomically): the experiment's name, id and Fabrica version, the unit of
     * every metric, and a summary of each point of {@code all}.
     */
    public void writePointsJson(String experiment, String experimentId, String fabricaVersion, List<PointResult> all) {
        ObjectNode root = PointRecords.JSON.createObjectNode();
        root.put("experiment", experiment);
        root.put("experimentId", experimentId);
        root.put("fabrica", fabricaVersion);
        ObjectNode units = root.putObject("units");
        for (PointResult r : all) {
            for (Metric m : r.metrics()) {
                if (!units.has(m.name())) {
                    units.put(m.name(), m.unit());
                }
            }
        }
        ArrayNode points = root.putArray("points");
        for (PointResult r : all) {
            points.add(PointRecords.summary(r));
        }
        try {
            AtomicFile.write(dir.resolve(JSON), PointRecords.JSON.writerWithDefaultPrettyPrinter().writeValueAsBytes(root));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + dir.resolve(JSON) + ": " + e.getMessage(), e);
        }
    }

    @Override
    public synchronized void close() {
        if (journal != null) {
            try {
                journal.close();
            } catch (IOException e) {
                // the journal was synced after every line; nothing is lost
            }
            try {
                Files.deleteIfExists(dir.resolve(PROGRESS)); // the run has ended: run.json says how
            } catch (IOException e) {
                // a stale progress file is deleted by the next run of the folder, and status sees no live run
            }
            journal = null;
            release(lockChannel, lock);
            HELD.remove(dir);
        }
    }

    private static ExperimentException inUse(Path dir) {
        return new ExperimentException("results folder " + dir + " is in use by another run; wait for it to end or "
                + "choose another folder with --out");
    }

    private static void release(FileChannel channel, FileLock lock) {
        try {
            if (lock != null && lock.isValid()) {
                lock.release();
            }
            if (channel != null) {
                channel.close();
            }
        } catch (IOException e) {
            // closing the channel releases the lock in any case
        }
    }
}
