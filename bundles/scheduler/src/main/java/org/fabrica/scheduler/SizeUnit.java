package org.fabrica.scheduler;

/** Unit of the sizes in {@link Demands} and {@link Plan}. */
public enum SizeUnit {
    /** Sizes are message payload bytes; the traffic layer cuts them into packets. */
    BYTES,
    /** Sizes are whole packets (a circuit request is conventionally one packet). */
    PACKETS
}
