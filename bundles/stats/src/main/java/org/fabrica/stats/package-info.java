/**
 * Statistics API: observers of network events and the metrics a run reports.
 */
@Export
@Version("1.1.0")
package org.fabrica.stats;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
