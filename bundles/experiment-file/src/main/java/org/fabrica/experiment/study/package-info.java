/**
 * Study modes: how an experiment offers load, expands into points, runs a point and reports
 * (docs/architecture.md, "Experiments and results"). Each mode is a {@link StudyMode} service named
 * by its {@code fabrica.name}, the word an experiment file gives under {@code mode:}; the runner finds
 * it in the service registry, so a new study is a new component, in this bundle or another, with no
 * switch to edit (docs/plugin-guide.md, "A new study mode").
 *
 * <p>Everything a mode's signatures name is exported: the file with located errors
 * ({@link StudyFile}), the spec, plan, point and job the runner creates ({@link StudySpec},
 * {@link StudyPlan}, {@link StudyPoint}, {@link StudyJob}), the mode's measurement of a simulated point
 * ({@link StudyMeasurement}), and the runner's service that reads, resolves and describes the
 * packet-simulation part of a file ({@link PacketStudies}) and the common part of a file without
 * packet simulation ({@link ComputedStudies}) and of a file whose mode plays its own packets
 * ({@link PlayedStudies}); what a run's results show is data ({@link StudyOutputs}: a
 * {@link StudySummary} and {@link StudyChart}s by kind, the report's columns), which the report
 * bundle draws. The runner's orchestration (the run, its
 * journal, the executor) stays private.
 *
 * <p>2.0: {@link StudyMode}'s signatures name only exported types (1.0 named the runner's private
 * ones, so no other bundle could implement a mode). 2.1: a mode says the defaults of its own keys
 * ({@link org.fabrica.experiment.study.StudyMode#defaults()}). 2.2: modes without packet simulation
 * outside the runner: the runner's {@link ComputedStudies} service reads their common keys, binds
 * their providers ({@link StudyProvider}) and makes their plans, whose state a mode reads back typed
 * ({@link StudyPlan#state(Class)}, {@link StudySpec#settings(Class)}); a job makes a computed point's
 * result ({@link StudyJob#computed}, {@link StudyJob#failed}); a simulating mode may bring its own traffic
 * ({@link StudyTraffic}, {@link StudyJob#simulate(StudyMeasurement, StudyTraffic)}), sample series
 * between cycles ({@link StudyMeasurement#cycleObserver}), say when its end condition may change
 * ({@link StudyMeasurement#nextBoundary}) and write tables ({@link StudyMeasurement.Tables}). 2.3:
 * simulating modes whose packets are their own (schedules played, traces replayed) outside the
 * runner: the runner's {@link PlayedStudies} service reads the common keys of their files around
 * the mode's rows and schemes ({@link StudyScheme}), resolves them with what the mode makes of the
 * topology and hardware ({@link PlayedStudies.Player}), builds each scheme's network with the
 * mode's traffic and writes the resolved form; a mode whose points play schedules prints them
 * ({@link PlayedSchedules}); a mode's own traffic may bring a collective engine
 * ({@link StudyTraffic.Packets#collectives()}). 2.4: the packet modes that measure the file's own
 * traffic (steady, ramp) outside the runner: a measurement is given the point's traffic
 * ({@link StudyMeasurement#observer(int, StudyTraffic.Packets)}); a mode may make its own of the
 * file's traffic ({@link StudyTraffic.Around}, with a collective program beside it:
 * {@link StudyTraffic.Packets#program()}), read its own keys in file order and derive
 * {@code maxCycles} from them ({@link PacketStudies.Options#reading}), check the traffic at its
 * loads, give the statistics its window and keep a state of its own
 * ({@link PacketStudies.Resolution}), bind providers of its
 * own keys ({@link PacketStudies#bind}), read the file's bound injection
 * ({@link PacketStudies#injection}), tell the progress what a point takes
 * ({@link PacketStudies#expect}, {@link StudyPlan#expectedCycles()}), write its resolved keys and
 * summary line as it words them ({@link PacketStudies#resolvedWith},
 * {@link PacketStudies#summary(StudyPlan, String, String, String)}) and keep keys out of the id
 * ({@link StudyMode#presentationKeys()}); a summary lists seeds as the file gives them
 * ({@link StudySpec#perPatternSeeds()}). 2.5: a measurement whose collectors count the point's
 * packets says so ({@link StudyMeasurement#countsPackets()}), and the runner counts no event beside
 * them. 3.0: a mode describes its outputs as data ({@link StudyOutputs}, {@link StudySummary},
 * {@link StudyChart}) instead of returning an {@code org.fabrica.experiment.report} implementation,
 * so this package imports nothing of the report bundle and a mode builds its outputs from this
 * package alone.
 */
@Export
@Version("3.1.0")
package org.fabrica.experiment.study;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
