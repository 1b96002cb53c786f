/**
 * Trace-driven workloads: Fabrica's trace format (docs/traces.md) and its replay, exported as a
 * library. A {@link org.fabrica.traffic.trace.Trace} holds, per MPI rank, a list of
 * {@link org.fabrica.traffic.trace.TraceEvent}s; {@link org.fabrica.traffic.trace.TraceReader} parses
 * the text form (errors name file, line and column), {@link org.fabrica.traffic.trace.TraceWriter}
 * writes its canonical text, {@link org.fabrica.traffic.trace.CollectiveExpansion} turns barrier,
 * allreduce, alltoall, bcast and reduce into point-to-point messages, and
 * {@link org.fabrica.traffic.trace.HpccPtransGenerator} builds HPCC's PTRANS and
 * {@link org.fabrica.traffic.trace.PtransGenerator} a simple block transpose.
 *
 * {@link org.fabrica.traffic.trace.TraceReplay} replays a trace on any network with MPI semantics
 * (eager and rendezvous, {@link org.fabrica.traffic.trace.ReplayParameters}), several copies side
 * by side on nodes that a {@code mapping} provider chooses (bundle mapping-basic). The OTF2 importer
 * is in {@code org.fabrica.traffic.trace.otf2}.
 *
 * <p>Since 0.2: replay and mapping. Since 0.3: the mappings moved to providers of the concept
 * {@code mapping} (bundles mapping, mapping-basic); {@code RankMapping} is gone from this package; the
 * operations bcast and reduce ({@code TraceEvent.Bcast}, {@code TraceEvent.Reduce}) and their expansion.
 * Since 0.4: {@code BarrierGenerator}; barriers kept for a collective engine. Since 0.5: broadcasts
 * kept for a collective engine ({@code TraceReplay.prepare(trace, barriers, broadcasts)},
 * {@code CollectiveExpansion.expand(trace, barriers, broadcasts)}), {@code BroadcastGenerator}.
 * Since 0.6: {@code HpccPtransGenerator} and its {@code HpccPtransParameters}.
 */
@Export
@Version("0.6.0")
package org.fabrica.traffic.trace;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
