package org.fabrica.experiment.plan;

import java.util.List;
import org.fabrica.experiment.file.ProviderChoice;

/**
 * One scheme of an experiment: the routing, queuing and throttle choices compared under a label.
 *
 * @param label unique label, used in point ids, tables and chart legends
 * @param routing routing choice
 * @param queuing queuing scheme choice
 * @param throttle throttle choice
 * @param routesFrom the scheduler whose plan gives the routing its routes ({@code routing.from},
 *        {@link org.fabrica.traffic.schedule.PlannedRoutes}), or null when the routing decides alone
 * @param rows the labels of the rows (patterns, or a mode's own rows such as communications) the
 *        scheme runs on; empty = all
 * @param hardware the scheme's own hardware: the experiment's hardware choice with the scheme's
 *        {@code hardware} parameters over it (path {@code schemes[i].hardware}), or null when the
 *        scheme runs on the experiment's hardware
 */
public record SchemeSpec(String label, ProviderChoice routing, ProviderChoice queuing, ProviderChoice throttle,
        ProviderChoice routesFrom, List<String> rows, ProviderChoice hardware) {
    public SchemeSpec {
        rows = rows == null ? List.of() : List.copyOf(rows);
    }

    /** A scheme whose routing decides alone, on every row and the experiment's hardware. */
    public SchemeSpec(String label, ProviderChoice routing, ProviderChoice queuing, ProviderChoice throttle) {
        this(label, routing, queuing, throttle, null);
    }

    /** A scheme with routes from a scheduler (or null), on every row and the experiment's hardware. */
    public SchemeSpec(String label, ProviderChoice routing, ProviderChoice queuing, ProviderChoice throttle,
            ProviderChoice routesFrom) {
        this(label, routing, queuing, throttle, routesFrom, List.of(), null);
    }

    /** Whether the scheme runs on the row {@code label}. */
    public boolean appliesTo(String label) {
        return rows.isEmpty() || rows.contains(label);
    }
}
