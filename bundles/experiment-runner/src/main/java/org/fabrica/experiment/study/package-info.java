/**
 * Study modes: how an experiment offers load, expands into points, runs a point and reports
 * (docs/architecture.md, "Experiments and results"). Each mode is a
 * {@link org.fabrica.experiment.study.StudyMode} service named by its {@code fabrica.name}, the word
 * an experiment file gives under {@code mode:}; the runner finds it in the service registry, so a
 * new study is a new component, with no switch to edit.
 */
@Export
@Version("1.0.0")
package org.fabrica.experiment.study;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
