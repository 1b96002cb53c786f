package org.fabrica.experiment.runner;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.fabrica.experiment.ExperimentException;
import org.fabrica.experiment.RunOptions;
import org.fabrica.experiment.plan.RegisteredProvider;
import org.fabrica.experiment.study.StudyMode;
import org.fabrica.params.ParameterDescriptor;
import org.fabrica.params.ParameterSchema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A mode's settings type (its Metatype definition) and its reading of the file agree: every
 * setting is a key the mode reads, the catalogue lists the type, and the ranges it documents are
 * the ones the reading enforces (a value past a bound is refused, an integer at the bound taken).
 */
class StudySettingsTest {
    @TempDir
    Path tmp;

    private final ExperimentRunner runner = new ExperimentRunner(Fixtures.registry());

    /** A valid file of each mode with settings: the tiny steady file and the examples of the others. */
    private static final Map<String, Path> FILES = Map.of(
            "steady", Path.of("tiny"),
            "ramp", Path.of("../../examples/spth/ramp-32x32.yaml"),
            "collective", Path.of("../../examples/spth/collective-32x32.yaml"),
            "schedulability", Path.of("../../examples/levelwise/schedulability.yaml"),
            "trace", Path.of("../../examples/dawning/pingpong.yaml"));

    private Path file(String mode) {
        Path p = FILES.get(mode);
        assertNotNull(p, "mode " + mode + " has settings but no file in this test; add one to FILES");
        return p.toString().equals("tiny") ? Fixtures.write(tmp, "tiny.yaml", Fixtures.TINY) : p;
    }

    private void validate(Path file, String key, String value) {
        runner.validate(file, new RunOptions(tmp.resolve("out"), false, 1, Map.of(key, value), false));
    }

    private static List<RegisteredProvider> modesWithSettings() {
        List<RegisteredProvider> out = new ArrayList<>();
        for (RegisteredProvider p : ClasspathProviders.registry().snapshot()) {
            if (p.service() instanceof StudyMode m && m.settingsType() != null) {
                out.add(p);
            }
        }
        return out;
    }

    @Test
    void everySettingIsAKeyOfItsModeAndTheCatalogueListsIt() {
        List<RegisteredProvider> modes = modesWithSettings();
        assertTrue(modes.stream().map(RegisteredProvider::name).toList().containsAll(FILES.keySet()),
                "the built-in modes with settings: " + modes.stream().map(RegisteredProvider::name).toList());
        for (RegisteredProvider p : modes) {
            StudyMode mode = (StudyMode) p.service();
            ParameterSchema schema = p.info().schema();
            assertNotNull(schema, p.name() + " lists no schema");
            assertEquals(ParameterSchema.of(mode.settingsType()).names(), schema.names());
            assertEquals(schema.names(), List.copyOf(mode.defaults().keySet()), p.name() + ": defaults from the type");
            for (ParameterDescriptor d : schema.parameters()) {
                String top = d.name().contains(".") ? d.name().substring(0, d.name().indexOf('.')) : d.name();
                assertTrue(mode.keys().contains(top), p.name() + ": setting " + d.name() + " is no key of the mode");
                assertFalse(d.description().isBlank(), p.name() + ": " + d.name() + " has no description");
                assertNotNull(d.defaultValue(), p.name() + ": " + d.name() + " is optional and needs a default");
            }
        }
    }

    @Test
    void theDocumentedRangesAreTheOnesTheReadingEnforces() {
        int checked = 0;
        for (RegisteredProvider p : modesWithSettings()) {
            Path file = file(p.name());
            for (ParameterDescriptor d : p.info().schema().parameters()) {
                boolean integer = d.type().equals("int") || d.type().equals("long");
                String where = p.name() + " " + d.name();
                if (d.min() != null) {
                    String below = integer ? Long.toString(d.min().longValue() - 1) : Double.toString(d.min() - 0.5);
                    ExperimentException e = assertThrows(ExperimentException.class, () -> validate(file, d.name(), below),
                            where + " = " + below + " is below the documented minimum and must be refused");
                    assertTrue(e.getMessage().contains(d.name()), where + ": the message names the key: " + e.getMessage());
                    checked++;
                }
                if (d.max() != null) {
                    String above = integer ? Long.toString(d.max().longValue() + 1) : Double.toString(d.max() + 0.5);
                    assertThrows(ExperimentException.class, () -> validate(file, d.name(), above),
                            where + " = " + above + " is above the documented maximum and must be refused");
                    checked++;
                }
                if (!d.options().isEmpty()) {
                    for (String option : d.options()) {
                        assertDoesNotThrow(() -> validate(file, d.name(), option), where + " = " + option);
                    }
                    assertThrows(ExperimentException.class, () -> validate(file, d.name(), "no-such-choice"), where);
                    checked++;
                }
            }
        }
        assertTrue(checked >= 10, "bounds checked: " + checked);
    }

    @Test
    void integerSettingsAreTakenAtTheirDocumentedBounds() {
        for (RegisteredProvider p : modesWithSettings()) {
            Path file = file(p.name());
            for (ParameterDescriptor d : p.info().schema().parameters()) {
                if (!(d.type().equals("int") || d.type().equals("long"))) {
                    continue;
                }
                if (d.min() != null) {
                    assertDoesNotThrow(() -> validate(file, d.name(), Long.toString(d.min().longValue())),
                            p.name() + " " + d.name() + " at its minimum");
                }
            }
        }
    }
}
