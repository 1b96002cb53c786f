package org.fabrica.experiment.study;

import java.util.List;
import org.fabrica.experiment.file.ProviderChoice;

/**
 * One scheme of a file whose mode plays packets of its own ({@link PlayedStudies}): what a column of
 * its tables compares, as the mode read it (the runner binds the choices and builds each scheme's
 * network).
 *
 * @param label unique label, used in point ids, tables and chart legends
 * @param routing routing choice
 * @param queuing queuing scheme choice
 * @param throttle throttle choice
 * @param hardware the scheme's own hardware ({@code schemes[i].hardware}: the experiment's hardware
 *        choice with the scheme's parameters over it), or null on the experiment's hardware
 * @param rows the labels of the rows (communications, workloads) the scheme runs on; empty = all
 */
public record StudyScheme(String label, ProviderChoice routing, ProviderChoice queuing, ProviderChoice throttle,
        ProviderChoice hardware, List<String> rows) {
    public StudyScheme {
        if (label == null || routing == null || queuing == null || throttle == null) {
            throw new IllegalArgumentException("a scheme needs a label, a routing, a queuing and a throttle choice");
        }
        rows = rows == null ? List.of() : List.copyOf(rows);
    }

    /** Whether the scheme runs on the row {@code label}. */
    public boolean appliesTo(String label) {
        return rows.isEmpty() || rows.contains(label);
    }
}
