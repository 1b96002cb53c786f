package org.fabrica.experiment.runner;

import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import org.fabrica.experiment.ExperimentException;
import org.fabrica.experiment.file.ExperimentDocument;
import org.fabrica.experiment.plan.ExperimentSpec;
import org.fabrica.experiment.plan.SweepPlan;
import org.fabrica.experiment.study.StudyPoint;

/** Reading experiment files in the mode tests: the spec, its points, the message of a refused file. */
final class StudyFiles {
    private StudyFiles() {
    }

    static ExperimentSpec spec(String yaml) {
        return StudyFiles.spec(ExperimentDocument.parse("t.yaml", yaml, Map.of()));
    }

    static List<StudyPoint> points(String yaml) {
        ExperimentSpec spec = spec(yaml);
        return spec.study().points(spec);
    }

    /** The message with which reading {@code yaml} (the modes of this bundle) is refused. */
    static String refused(String yaml) {
        return assertThrows(ExperimentException.class, () -> spec(yaml)).getMessage();
    }

    /** The document read with the modes found on the class path (as a framework finds them). */
    static ExperimentSpec spec(ExperimentDocument doc) {
        return ExperimentSpec.parse(doc, Fixtures.registry().studies());
    }

    static SweepPlan plan(String yaml) {
        ExperimentDocument doc = ExperimentDocument.parse("t.yaml", yaml, Map.of());
        return SweepPlan.resolve(doc, StudyFiles.spec(doc), Fixtures.registry());
    }
}
