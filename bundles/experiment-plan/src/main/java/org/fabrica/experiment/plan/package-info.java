/**
 * An experiment file read and resolved against the registered providers into a plan of points
 * (docs/architecture.md, "Experiments and results"): the common keys and the packet-simulation part
 * of a file ({@link ExperimentSpec}, {@link PacketStudy}), their resolution into a {@link SweepPlan}
 * (every provider bound, the topology and hardware built, the resolved form and its id), a file's
 * variants ({@link Variants}, {@link VariantPlans}), and the instances of one point assembled
 * ({@link SweepPlan#assemble}). The study modes reach it through the study API's services, which
 * this bundle provides ({@link PacketStudiesService}, {@link PlayedStudiesService},
 * {@link ComputedStudiesService}); the runner (bundle {@code experiment-runner}) runs the points a
 * plan lists and supplies the providers ({@link ProviderLookup}). Exported for the runner: a study
 * mode uses {@code org.fabrica.experiment.study} alone.
 */
@Export
@Version("1.0.0")
package org.fabrica.experiment.plan;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
