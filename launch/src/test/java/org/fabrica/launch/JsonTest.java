package org.fabrica.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JsonTest {

    @Test
    void readsNestedObjectsArraysAndScalarsAsText() {
        Object value = Json.parse(" { \"a\": [\"x\", \"y\\n\\u0041\"], \"b\": { \"n\": -1.5e3, \"t\": true, \"z\": null } } ");
        assertEquals(Map.of("a", List.of("x", "y\nA"), "b", map("n", "-1.5e3", "t", "true", "z", null)), value);
    }

    @Test
    void emptyContainers() {
        assertEquals(Map.of(), Json.parse("{}"));
        assertEquals(List.of(), Json.parse("[ ]"));
    }

    @Test
    void errorsNameLineAndColumn() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Json.parse("{\n  \"a\": [1, 2,]\n}"));
        assertTrue(e.getMessage().startsWith("line 2, column 14"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Json.parse("{\"a\": 1} x"));
        assertThrows(IllegalArgumentException.class, () -> Json.parse("{\"a\": 1, \"a\": 2}"));
        assertThrows(IllegalArgumentException.class, () -> Json.parse("{\"a\": tru}"));
        assertThrows(IllegalArgumentException.class, () -> Json.parse("\"open"));
    }

    @Test
    void nullIsAValue() {
        assertNull(Json.parse("null"));
    }

    private static Map<String, Object> map(Object... kv) {
        Map<String, Object> m = new java.util.HashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put((String) kv[i], kv[i + 1]);
        }
        return m;
    }
}
