/**
 * Collective workloads beside a steady load (docs/collectives.md, "Beside steady load"), exported
 * as a library that the experiment runner's steady mode drives per point (as it drives
 * stats-collectors): {@link org.fabrica.collective.load.BarrierLoop}, the loop of barriers the
 * members run through a collective engine, and
 * {@link org.fabrica.collective.load.SoftwareMulticast}, a traffic's multicasts sent as binomial
 * trees of unicast packets, the way an MPI library broadcasts.
 */
@Export
@Version("1.0.0")
package org.fabrica.collective.load;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
