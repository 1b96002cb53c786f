/**
 * Schedule playback, exported as a library that the experiment runner's m2n mode drives per
 * point (as it drives stats-collectors): {@link org.fabrica.traffic.schedule.SchedulePlayback}
 * turns a scheduler's {@link org.fabrica.scheduler.Plan} into the traffic pattern and injection
 * process of one run, paced by {@link org.fabrica.traffic.schedule.Pacing}
 * (docs/studies/rapidio-m2n.md). 1.1: {@link org.fabrica.traffic.schedule.PlannedRoutes}, the
 * routes a circuit scheduler plans for a steady point's permutation (docs/studies/levelwise.md).
 */
@Export
@Version("1.2.0")
package org.fabrica.traffic.schedule;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
