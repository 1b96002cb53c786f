/**
 * The OTF2 importer (docs/traces.md, "Importing OTF2"): {@link org.fabrica.traffic.trace.otf2.Otf2Archive}
 * reads an OTF2 archive's anchor file, global definitions and per-location events without the OTF2
 * library (POSIX substrate, no compression), and {@link org.fabrica.traffic.trace.otf2.Otf2Importer}
 * turns its MPI records into a Fabrica {@link org.fabrica.traffic.trace.Trace}.
 */
@Export
@Version("0.1.0")
package org.fabrica.traffic.trace.otf2;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
