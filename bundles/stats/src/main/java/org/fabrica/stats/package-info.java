/**
 * Statistics API: observers of network events, the metrics a run reports, and the CSV writer of
 * every results table ({@link org.fabrica.stats.CsvWriter}, since 1.2) and its reader
 * ({@link org.fabrica.stats.CsvReader}, since 1.3).
 */
@Export
@Version("1.3.0")
package org.fabrica.stats;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
