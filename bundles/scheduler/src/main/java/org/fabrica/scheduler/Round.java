package org.fabrica.scheduler;

import java.util.List;

/**
 * One round of a {@link Transaction}: the transfers each source performs in that round (in
 * M-to-N schedules at most one per source). How consecutive rounds are ordered in time is
 * {@link Plan#roundOrder()}.
 *
 * @param transfers the transfers of the round, ordered by source
 */
public record Round(List<ScheduledTransfer> transfers) {
    /** Copies the list. */
    public Round {
        transfers = List.copyOf(transfers);
    }
}
