/**
 * Hardware model API: router pipeline, buffers, links and clock of a router model. Providers: generic cycle-level router; later RapidIO CPS-1848, InfiniBand, Dawning.
 */
@Export
@Version("1.0.0")
package org.fabrica.hardware;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
