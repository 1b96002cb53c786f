/**
 * Experiment API: load and validate experiment files, run them (with progress, pause, step, swap), and the catalogue of providers per concept.
 */
@Export
@Version("1.3.0")
package org.fabrica.experiment;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
