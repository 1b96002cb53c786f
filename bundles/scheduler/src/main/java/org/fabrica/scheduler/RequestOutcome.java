package org.fabrica.scheduler;

/**
 * What a scheduler did with one demanded transfer.
 *
 * @param request index in {@link Demands#transfers()}
 * @param status granted, or why it failed
 * @param failedLevel tree level (0 at the leaves) at which the request failed, or -1 when granted
 */
public record RequestOutcome(int request, RequestStatus status, int failedLevel) {
    /** Checks that a failure names its level and a grant does not. */
    public RequestOutcome {
        if (status == null) {
            throw new IllegalArgumentException("request " + request + " has no status");
        }
        if ((status == RequestStatus.GRANTED) != (failedLevel < 0)) {
            throw new IllegalArgumentException("request " + request + " is " + status + " at level " + failedLevel
                    + "; a granted request has level -1, a failed one the level it failed at");
        }
    }

    /** A granted request. */
    public static RequestOutcome granted(int request) {
        return new RequestOutcome(request, RequestStatus.GRANTED, -1);
    }

    /** True when the request is in the plan. */
    public boolean granted() {
        return status == RequestStatus.GRANTED;
    }
}
