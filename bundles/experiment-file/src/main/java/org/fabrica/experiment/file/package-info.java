/**
 * The experiment file and its validation (docs/user-guide.md, "Experiment files"): an
 * {@link org.fabrica.experiment.file.ExperimentDocument} is the YAML file with the position of
 * every key and value and the {@code --set} overrides applied, whose errors name the key path,
 * its line and column and a fix; {@link org.fabrica.experiment.file.SpecReader} reads typed values
 * with those errors (whole numbers in range, cycles, seeds, text, flags, unknown keys with the
 * nearest known one); a {@link org.fabrica.experiment.file.ProviderChoice} is a provider named in
 * the file with its parameters. Each study mode reads its own keys with them (the study API,
 * {@code org.fabrica.experiment.study}, in this bundle too).
 *
 * <p>1.0: moved out of the runner, which keeps the modes and the run's orchestration. 2.0: the
 * readers take any {@link org.fabrica.experiment.study.StudyFile} (1.0 took the document class), so
 * a mode of another bundle reads its keys with them. 2.1: the default throttle of a scheme
 * ({@link org.fabrica.experiment.file.SpecReader#DEFAULT_THROTTLE}), which modes of other bundles
 * reading their own schemes fill in.
 */
@Export
@Version("2.2.0")
package org.fabrica.experiment.file;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
