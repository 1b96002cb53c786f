package org.fabrica.study.trace;

import java.lang.ref.SoftReference;
import java.util.LinkedHashMap;
import java.util.Map;
import org.fabrica.traffic.trace.TraceReplay;

/**
 * The prepared traces of the last few workloads resolved, by what makes them (a generator's
 * parameters, or a trace file's bytes, with the collectives the hardware takes): the variants of
 * one file resolve one plan each, and those that change no workload key share one trace instead
 * of generating, checking and compiling it again (a 1,024-rank, 1,000-barrier workload per
 * variant). A prepared trace is immutable, so plans and their points on any thread may share it;
 * the entries are soft, so a trace no plan holds any more goes when memory is short.
 */
final class PreparedTraces {
    /** How many workloads are kept: a file's workloads, resolved once per variant. */
    private static final int KEPT = 4;

    private final Map<String, SoftReference<TraceReplay.Prepared>> kept = new LinkedHashMap<>(KEPT, 0.75f, true) {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(Map.Entry<String, SoftReference<TraceReplay.Prepared>> eldest) {
            return size() > KEPT;
        }
    };

    /** The trace prepared for {@code key}, or null when none is kept. */
    synchronized TraceReplay.Prepared get(String key) {
        SoftReference<TraceReplay.Prepared> r = kept.get(key);
        return r == null ? null : r.get();
    }

    /** Keeps {@code trace} for {@code key} and returns it. */
    synchronized TraceReplay.Prepared put(String key, TraceReplay.Prepared trace) {
        kept.put(key, new SoftReference<>(trace));
        return trace;
    }
}
