/**
 * Traffic API: destination patterns (who sends to whom) and injection processes (when a node generates packets).
 */
@Export
@Version("1.1.0")
package org.fabrica.traffic;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
