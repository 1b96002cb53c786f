package org.fabrica.experiment.results;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.fabrica.experiment.ExperimentException;
import org.fabrica.sweep.PointResult;

/**
 * Where the run of a results folder stands, read from the folder alone (so from another terminal
 * or machine than the run's): its record ({@code run.json}), its journal ({@code points.jsonl}:
 * the points done, saturated and failed, their point time), whether a live run holds the folder
 * (its lock), and while one does its last progress ({@link ResultsStore#PROGRESS}: the progress
 * line and the running points). A folder whose record says running but that no run holds was
 * killed: its last progress names the points that were lost. Reads only; changes nothing.
 *
 * @param dir the folder
 * @param run the run record
 * @param live whether a live run holds the folder
 * @param done points in the journal (distinct ids)
 * @param saturated of those, saturated
 * @param failed of those, failed
 * @param pointSeconds wall time of the journal's points, summed
 * @param progress the last progress of the run, or null (none written, or the run ended)
 */
public record RunStatus(Path dir, RunRecord run, boolean live, int done, int saturated, int failed,
        double pointSeconds, Progress progress) {

    /**
     * A run's progress as it last wrote it.
     *
     * @param written when (ISO-8601)
     * @param fraction the part of the run done, 0..1
     * @param status the progress line (points, running, the estimate of the time left)
     * @param running the points running then
     */
    public record Progress(String written, double fraction, String status, List<RunningPoint> running) {
    }

    /**
     * A running point.
     *
     * @param point its id
     * @param cycle the cycle it had reached
     * @param phase what it was doing there (e.g. "drain, limit at cycle 976,000"), or null when its
     *        mode does not say
     * @param delivered packets it had delivered
     * @param paused whether it was paused
     * @param seconds how long it had run (paused time left out)
     */
    public record RunningPoint(String point, long cycle, String phase, long delivered, boolean paused, long seconds) {
    }

    /**
     * Reads the status of the run of {@code dir}.
     *
     * @throws ExperimentException when the folder holds no run record (not a results folder) or the
     *         record cannot be read
     */
    public static RunStatus read(Path dir) {
        Path record = dir.resolve(ResultsStore.RUN);
        if (!Files.isRegularFile(record)) {
            throw new ExperimentException(dir + " holds no " + ResultsStore.RUN + ": not a results folder (or its run "
                    + "has not started); give the folder a run writes, e.g. results/quickstart");
        }
        RunRecord run;
        try {
            run = PointRecords.JSON.readerFor(RunRecord.class)
                    .without(com.fasterxml.jackson.databind.DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                    .readValue(record.toFile());
        } catch (IOException e) {
            throw new ExperimentException(record + " cannot be read (" + e.getMessage() + "); it is written whole by"
                    + " every run (atomically), so this file was changed by hand or the disk is damaged", e);
        }
        boolean live = ResultsStore.heldByARun(dir);
        int done = 0;
        int saturated = 0;
        int failed = 0;
        double seconds = 0;
        Path journal = dir.resolve(ResultsStore.JOURNAL);
        if (Files.isRegularFile(journal)) {
            Set<String> seen = new java.util.HashSet<>();
            List<String> lines;
            try {
                lines = Files.readAllLines(journal, StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new ExperimentException(journal + " cannot be read: " + e.getMessage(), e);
            }
            // the last line may be half written (a killed run): skip what does not parse, as a resume does
            for (String line : lines) {
                PointResult r;
                try {
                    r = line.isBlank() ? null : PointRecords.parse(line);
                } catch (RuntimeException e) {
                    r = null;
                }
                if (r == null || !seen.add(r.point().pointId())) {
                    continue;
                }
                done++;
                seconds += r.wallMillis() / 1000.0;
                if (r.failed()) {
                    failed++;
                } else if (PointStatus.saturated(r)) {
                    saturated++;
                }
            }
        }
        return new RunStatus(dir, run, live, done, saturated, failed, seconds,
                progress(dir.resolve(ResultsStore.PROGRESS)));
    }

    /** The progress file, or null when there is none or it cannot be read (it is a courtesy, not a result). */
    static Progress progress(Path file) {
        if (!Files.isRegularFile(file)) {
            return null;
        }
        try {
            JsonNode root = PointRecords.JSON.readTree(file.toFile());
            List<RunningPoint> running = new ArrayList<>();
            for (JsonNode p : root.path("running")) {
                JsonNode phase = p.path("phase");
                running.add(new RunningPoint(p.path("point").asText("?"), p.path("cycle").asLong(),
                        phase.isTextual() ? phase.asText() : null, p.path("delivered").asLong(),
                        p.path("paused").asBoolean(), p.path("seconds").asLong()));
            }
            return new Progress(root.path("written").asText(""), root.path("fraction").asDouble(),
                    root.path("status").asText(""), List.copyOf(running));
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** The record says the run has not ended, but no live run holds the folder: it was killed. */
    public boolean interrupted() {
        return !live && ("running".equals(run.state()) || "paused".equals(run.state()));
    }
}
