package org.fabrica.plot;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class MarkupTest {

    @Test
    void escapesTheFiveMarkupCharactersAndNullIsEmpty() {
        assertEquals("a &amp; b &lt;c&gt; &quot;d&quot; &#39;e&#39; é", Markup.escape("a & b <c> \"d\" 'e' é"));
        assertEquals("", Markup.escape(null));
    }
}
