/**
 * Analytic models that studies set beside their simulations: {@link org.fabrica.analysis.MultiRailModel},
 * the multi-rail gain of the Dawning 5000 study. A library (no services).
 */
@Export
@Version("0.1.0")
package org.fabrica.analysis;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
