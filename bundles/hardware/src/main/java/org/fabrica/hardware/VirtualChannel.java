package org.fabrica.hardware;

/**
 * One virtual channel of a router's input ports (the same at every port): its buffer, the
 * priority its flits have at an output, and the function a hardware model gives it.
 *
 * @param function what the VC is for, e.g. {@code data}, {@code unicast}, {@code multicast},
 *        {@code barrier}; queuing schemes may map packets to VCs by it
 * @param bufferFlits capacity of the VC's buffer in flits, >= 1
 * @param priority output priority class, 0 highest: allocators that honour priorities serve a VC
 *        of a smaller number first (a barrier VC that always wins has 0, data VCs 1)
 */
public record VirtualChannel(String function, int bufferFlits, int priority) {
    public VirtualChannel {
        if (function == null || function.isBlank()) {
            throw new IllegalArgumentException("a virtual channel needs a function name, e.g. data or barrier");
        }
        if (bufferFlits < 1) {
            throw new IllegalArgumentException("VC '" + function + "': bufferFlits = " + bufferFlits + "; use >= 1");
        }
        if (priority < 0) {
            throw new IllegalArgumentException("VC '" + function + "': priority = " + priority + "; use >= 0 (0 highest)");
        }
    }

    /** A data VC of {@code bufferFlits} flits, priority 0. */
    public static VirtualChannel data(int bufferFlits) {
        return new VirtualChannel("data", bufferFlits, 0);
    }
}
