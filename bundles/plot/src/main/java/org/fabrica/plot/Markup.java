package org.fabrica.plot;

/**
 * Escaping of text for XML and HTML: the one escaper of the charts' SVG and of the HTML page an
 * inline SVG goes into ({@link ChartRenderer#svg(Chart, boolean)} with {@code standalone} false), so
 * the two escape alike.
 */
public final class Markup {
    private Markup() {
    }

    /** Text and attribute escaping (&amp;, &lt;, &gt;, double and single quotes); null gives "". */
    public static String escape(String s) {
        if (s == null) {
            return "";
        }
        StringBuilder sb = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char ch = s.charAt(i);
            switch (ch) {
                case '&' -> sb.append("&amp;");
                case '<' -> sb.append("&lt;");
                case '>' -> sb.append("&gt;");
                case '"' -> sb.append("&quot;");
                case '\'' -> sb.append("&#39;");
                default -> sb.append(ch);
            }
        }
        return sb.toString();
    }
}
