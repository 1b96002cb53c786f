/**
 * Simulation kernel API: the cycle model a kernel advances, run control between cycles,
 * per-component random streams, and the base contract of every provider factory. 1.1: a model
 * may say when its next active cycle is ({@link org.fabrica.kernel.CycleModel#nextActiveCycle(long)}).
 * 1.2: a concept declares itself on its service interface ({@link org.fabrica.kernel.ProviderConcept}).
 */
@Export
@Version("1.2.0")
package org.fabrica.kernel;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
