/**
 * Simulation kernel API: the cycle model a kernel advances, run control between cycles,
 * per-component random streams, and the base contract of every provider factory. 1.1: a model
 * may say when its next active cycle is ({@link org.fabrica.kernel.CycleModel#nextActiveCycle(long)}).
 */
@Export
@Version("1.1.0")
package org.fabrica.kernel;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
