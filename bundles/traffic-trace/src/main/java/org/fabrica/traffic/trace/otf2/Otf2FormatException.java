package org.fabrica.traffic.trace.otf2;

/**
 * An OTF2 archive that cannot be read or imported (docs/traces.md, "Importing OTF2"). The message
 * names the file, the byte offset where known, the problem and what would fix it.
 */
public class Otf2FormatException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public Otf2FormatException(String message) {
        super(message);
    }

    public Otf2FormatException(String message, Throwable cause) {
        super(message, cause);
    }
}
