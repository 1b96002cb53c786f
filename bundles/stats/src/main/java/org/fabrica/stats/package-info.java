/**
 * Statistics API: observers of network events, the metrics a run reports, and the CSV writer of
 * every results table ({@link org.fabrica.stats.CsvWriter}, since 1.2) and its reader
 * ({@link org.fabrica.stats.CsvReader}, since 1.3). Since 1.4 statistics collectors are providers
 * like those of every other concept: a {@link org.fabrica.stats.StatisticsCollectorFactory} service
 * creates a {@link org.fabrica.stats.StatisticsCollector} per point from a
 * {@link org.fabrica.stats.CollectorContext}. Providers: latency-histogram, latency-percentiles,
 * in-flight, node-throughput (stats-collectors).
 */
@Export
@Version("1.5.0")
package org.fabrica.stats;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
