/**
 * Statistics API: observers of network events, the metrics a run reports, and the CSV writer of
 * every results table ({@link org.fabrica.stats.CsvWriter}, since 1.2).
 */
@Export
@Version("1.2.0")
package org.fabrica.stats;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
