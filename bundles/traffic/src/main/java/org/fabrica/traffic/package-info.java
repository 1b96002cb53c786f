/**
 * Traffic API: destination patterns (who sends to whom) and injection processes (when a node generates packets).
 * Since 1.2 a pattern may tell foreground from background packets ({@link org.fabrica.traffic.TrafficPattern#foreground}).
 */
@Export
@Version("1.3.0")
package org.fabrica.traffic;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
