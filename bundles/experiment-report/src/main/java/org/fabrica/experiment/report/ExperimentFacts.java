package org.fabrica.experiment.report;

import java.util.List;
import org.fabrica.experiment.study.StudyChart;
import org.fabrica.experiment.study.StudyOutputs;
import org.fabrica.experiment.study.StudySummary;

/**
 * What the results folder says about the experiment besides its points: identity, provenance
 * and the order in which patterns and schemes are shown.
 *
 * @param name experiment name
 * @param description its description
 * @param experimentId id of the resolved experiment
 * @param fabricaVersion version of the runner bundle
 * @param summary the validation summary (a few lines)
 * @param patterns pattern labels in file order
 * @param schemes scheme labels in file order
 * @param seeds number of seeds per load
 * @param resolvedYaml the resolved experiment file
 * @param providers every provider used
 * @param mode the experiment's mode, as the file names it (e.g. steady, ramp)
 * @param baseline the scheme ratios refer to; null in modes without ratios
 * @param seriesNote how the series were measured, for chart subtitles (e.g. the window and smoothing)
 * @param spaceTimeNote how space-time charts were sampled, for their captions (empty when none)
 * @param outputs what the mode's results show (the study API's description, drawn here)
 */
public record ExperimentFacts(String name, String description, String experimentId, String fabricaVersion,
        String summary, List<String> patterns, List<String> schemes, int seeds, String resolvedYaml,
        List<Provider> providers, String mode, String baseline, String seriesNote, String spaceTimeNote,
        StudyOutputs outputs) {

    /** A steady experiment's facts. */
    public ExperimentFacts(String name, String description, String experimentId, String fabricaVersion,
            String summary, List<String> patterns, List<String> schemes, int seeds, String resolvedYaml,
            List<Provider> providers) {
        this(name, description, experimentId, fabricaVersion, summary, patterns, schemes, seeds, resolvedYaml, providers,
                "steady", null, "", "", new StudyOutputs(new StudySummary.LoadPoints(),
                        List.of(new StudyChart.LoadCurves(StudyChart.LatencyUnit.CYCLES, 0)),
                        StudyOutputs.LOAD_POINT_COLUMNS, ""));
    }

    /**
     * A provider as used by the experiment.
     *
     * @param path where the file names it, e.g. {@code schemes[0].routing}
     * @param name its name
     * @param bundle its bundle's symbolic name
     * @param version its bundle's version
     */
    public record Provider(String path, String name, String bundle, String version) {
    }
}
