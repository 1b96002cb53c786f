/**
 * Trace-driven workloads, first part: Fabrica's trace format (docs/traces.md), exported as a
 * library. A {@link org.fabrica.traffic.trace.Trace} holds, per MPI rank, a list of
 * {@link org.fabrica.traffic.trace.TraceEvent}s; {@link org.fabrica.traffic.trace.TraceReader} parses
 * the text form (errors name file, line and column), {@link org.fabrica.traffic.trace.TraceWriter}
 * writes its canonical text, {@link org.fabrica.traffic.trace.CollectiveExpansion} turns barrier,
 * allreduce and alltoall into point-to-point messages, and
 * {@link org.fabrica.traffic.trace.PtransGenerator} builds a PTRANS-like transpose workload.
 *
 * <p>Replay with MPI semantics, rank-to-node mapping, importers and commands are not built yet.
 */
@Export
@Version("0.1.0")
package org.fabrica.traffic.trace;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
