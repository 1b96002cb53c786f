package org.fabrica.params;

import java.util.Collection;
import java.util.Locale;

/** Closest-match suggestions for misspelt names (Levenshtein distance). */
public final class Suggestions {
    private Suggestions() {
    }

    /** The valid name closest to {@code given}, or null when none is reasonably close. */
    public static String closest(String given, Collection<String> valid) {
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        String g = given.toLowerCase(Locale.ROOT);
        for (String v : valid) {
            int d = distance(g, v.toLowerCase(Locale.ROOT));
            if (d < bestDistance) {
                bestDistance = d;
                best = v;
            }
        }
        if (best == null) {
            return null;
        }
        int limit = Math.max(2, Math.max(given.length(), best.length()) / 2);
        return bestDistance <= limit ? best : null;
    }

    /**
     * A message tail such as {@code ; did you mean 'dor'? Valid: dor, west-first}, or
     * {@code ; valid: dor, west-first} when no valid name is close.
     */
    public static String hint(String given, Collection<String> valid) {
        String c = closest(given, valid);
        StringBuilder sb = new StringBuilder();
        if (c != null) {
            sb.append("; did you mean '").append(c).append("'? Valid: ");
        } else {
            sb.append("; valid: ");
        }
        sb.append(valid.isEmpty() ? "(none)" : String.join(", ", valid));
        return sb.toString();
    }

    static int distance(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }
}
