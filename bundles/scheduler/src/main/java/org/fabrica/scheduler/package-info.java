/**
 * Scheduler API: given demands (who sends how much to whom) and a topology, produce a
 * {@link org.fabrica.scheduler.Plan}: transactions run one after another, each an ordered list of
 * rounds of transfers, every transfer optionally pinned to a route (upper-port choice per tree
 * level), plus the outcome of every demanded transfer (granted, or failed and why). The same API
 * carries the node-level M-to-N schedules of docs/studies/rapidio-m2n.md and the circuit schedulers of
 * docs/studies/levelwise.md. Plans are pure data: they can be printed, exported and played by
 * the traffic layer.
 */
@Export
@Version("1.2.0")
package org.fabrica.scheduler;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
