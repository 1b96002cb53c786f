package org.fabrica.router;

/**
 * An entry of a weighted arbitration table, written {@code vc:weight} (InfiniBand's VL arbitration
 * tables, e.g. {@code 0:4}): the one form a hardware model writes and an allocator reads, so the
 * two never parse it apart. The numbers' ranges and units are the reader's (an allocator counts
 * flits, a hardware model may count its own units): {@link #parse} checks the form only.
 *
 * @param vc the VC (or VL) the entry serves
 * @param weight what it may send per turn
 * @since 1.3
 */
public record WeightedEntry(int vc, int weight) {

    /**
     * The entry written {@code vc:weight}, spaces around either number allowed.
     *
     * @throws IllegalArgumentException when {@code text} is not two integers apart by one colon (the
     *         message names the text and the form; callers add where it was written)
     */
    public static WeightedEntry parse(String text) {
        String t = text == null ? "" : text.trim();
        int colon = t.indexOf(':');
        if (colon > 0 && colon == t.lastIndexOf(':')) {
            try {
                return new WeightedEntry(Integer.parseInt(t.substring(0, colon).trim()),
                        Integer.parseInt(t.substring(colon + 1).trim()));
            } catch (NumberFormatException e) {
                // refused below
            }
        }
        throw new IllegalArgumentException("'" + t + "' is not vc:weight");
    }

    /** The entry as {@link #parse} reads it: {@code vc:weight}. */
    public String text() {
        return vc + ":" + weight;
    }
}
