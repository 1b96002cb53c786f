package org.fabrica.params;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

class ParametersTest {
    enum Scheme { CLASSIC, TWO_PER_RING }

    @ObjectClassDefinition(name = "Sample", description = "A sample provider")
    @interface Sample {
        @AttributeDefinition(min = "1", max = "64", description = "Virtual channels")
        int vcs() default 2;

        @AttributeDefinition(description = "Dateline scheme")
        Scheme dateline() default Scheme.CLASSIC;

        double rate() default 0.5;

        int[] sizes() default {1, 2};

        String label();

        boolean buffer_shared() default false;
    }

    @Test
    void bindsValuesAndDefaults() {
        Sample s = Parameters.bind(Sample.class, Map.of("label", "x", "dateline", "two-per-ring", "sizes", List.of(4, 8)));
        assertEquals(2, s.vcs());
        assertEquals(Scheme.TWO_PER_RING, s.dateline());
        assertEquals("x", s.label());
        assertArrayEquals(new int[] {4, 8}, s.sizes());
        assertEquals(false, s.buffer_shared());
        Sample t = Parameters.bind(Sample.class, Map.of("label", "y", "buffer.shared", true, "vcs", 3L));
        assertTrue(t.buffer_shared());
        assertEquals(3, t.vcs());
    }

    @Test
    void unknownParameterNamesClosestMatch() {
        ParameterException e = assertThrows(ParameterException.class,
                () -> Parameters.bind(Sample.class, Map.of("label", "x", "vsc", 3), "routing 'dor'"));
        assertTrue(e.getMessage().startsWith("routing 'dor': unknown parameter 'vsc'"), e.getMessage());
        assertTrue(e.getMessage().contains("did you mean 'vcs'?"), e.getMessage());
    }

    @Test
    void wrongTypesAndRequiredValuesAreRejected() {
        assertThrows(ParameterException.class, () -> Parameters.bind(Sample.class, Map.of("label", "x", "vcs", 2.5)));
        assertThrows(ParameterException.class, () -> Parameters.bind(Sample.class, Map.of("label", "x", "rate", "fast")));
        ParameterException e = assertThrows(ParameterException.class, () -> Parameters.bind(Sample.class, Map.of()));
        assertTrue(e.getMessage().contains("'label' is required"), e.getMessage());
        ParameterException en = assertThrows(ParameterException.class,
                () -> Parameters.bind(Sample.class, Map.of("label", "x", "dateline", "clasic")));
        assertTrue(en.getMessage().contains("did you mean 'classic'"), en.getMessage());
    }

    @Test
    void metatypeRangeIsEnforcedAndDescribed() {
        ParameterException e = assertThrows(ParameterException.class,
                () -> Parameters.bind(Sample.class, Map.of("label", "x", "vcs", 0)));
        assertTrue(e.getMessage().contains("'vcs' = 0 is out of range; use a value in [1, 64]"), e.getMessage());
        ParameterSchema schema = ParameterSchema.of(Sample.class);
        assertEquals("Sample", schema.name());
        ParameterDescriptor vcs = schema.parameter("vcs");
        assertEquals("Virtual channels", vcs.description());
        assertEquals(2, vcs.defaultValue());
        assertEquals(List.of("classic", "two-per-ring"), schema.parameter("dateline").options());
        assertEquals("int[]", schema.parameter("sizes").type());
    }

    @Test
    void valuesRoundTrip() {
        Sample s = Parameters.bind(Sample.class, Map.of("label", "x"));
        Map<String, Object> v = Parameters.values(s, Sample.class);
        assertEquals("classic", v.get("dateline"));
        assertEquals(List.of(1, 2), v.get("sizes"));
        assertEquals(s.vcs(), Parameters.bind(Sample.class, v).vcs());
    }

    @Test
    void suggestionsPickTheClosestName() {
        assertEquals("uniform", Suggestions.closest("unifrom", List.of("uniform", "tornado", "bitcomp")));
        assertEquals(null, Suggestions.closest("zzzzzzzz", List.of("dor")));
        assertEquals("; did you mean 'dor'? Valid: dor, west-first", Suggestions.hint("dro", List.of("dor", "west-first")));
        assertEquals("; valid: dor, west-first", Suggestions.hint("zzzzzzzz", List.of("dor", "west-first")));
    }
}
