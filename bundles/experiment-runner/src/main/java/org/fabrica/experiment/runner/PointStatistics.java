package org.fabrica.experiment.runner;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.BiConsumer;
import org.fabrica.experiment.plan.BoundProvider;
import org.fabrica.experiment.plan.ProviderFailure;
import org.fabrica.experiment.plan.StatisticsSelection;
import org.fabrica.experiment.plan.SweepPlan;
import org.fabrica.stats.Metric;
import org.fabrica.stats.NetworkObserver;
import org.fabrica.stats.StatisticsCollector;
import org.fabrica.stats.collectors.CompositeObserver;

/**
 * The statistics collectors of one point ({@link StatisticsSelection}): created from their
 * factories when the point is built, told the network's events beside the mode's own observer,
 * and asked for their metrics after the run. A point of an experiment without {@code statistics}
 * has none ({@link #of} returns null), so its observer and its cost are what they were.
 */
final class PointStatistics {
    private final List<StatisticsSelection.Bound> selection;
    private final StatisticsCollector[] collectors;

    private PointStatistics(List<StatisticsSelection.Bound> selection, StatisticsCollector[] collectors) {
        this.selection = selection;
        this.collectors = collectors;
    }

    /**
     * The point's collectors, or null when the experiment has none. A factory that throws fails
     * the point as a {@link ProviderFailure} naming it.
     */
    static PointStatistics of(SweepPlan plan) {
        List<StatisticsSelection.Bound> selection = plan.statistics();
        if (selection.isEmpty()) {
            return null;
        }
        StatisticsCollector[] collectors = new StatisticsCollector[selection.size()];
        for (int i = 0; i < collectors.length; i++) {
            BoundProvider p = selection.get(i).collector();
            collectors[i] = SweepPlan.call(p, () -> p.collector(plan.collectorContext()));
            if (collectors[i] == null) {
                throw new ProviderFailure(p, new IllegalStateException("the factory returned no collector"));
            }
        }
        return new PointStatistics(selection, collectors);
    }

    /** The mode's observer followed by the collectors, in file order (one array, no allocation per event). */
    NetworkObserver around(NetworkObserver observer) {
        NetworkObserver[] all = new NetworkObserver[collectors.length + 1];
        all[0] = observer;
        System.arraycopy(collectors, 0, all, 1, collectors.length);
        return new CompositeObserver(all);
    }

    /** Tells {@code add} each collector's class and its factory's with the collector's description, for blame. */
    void culprits(BiConsumer<Class<?>, String> add) {
        for (int i = 0; i < collectors.length; i++) {
            BoundProvider p = selection.get(i).collector();
            add.accept(collectors[i].getClass(), p.describe());
            add.accept(p.provider().factory().getClass(), p.describe());
        }
    }

    /**
     * The collectors' metrics after a run that ended at {@code end}, named {@code <label>.<metric>}.
     *
     * @param taken the names of the point's other metrics: a column of the same name is refused
     * @throws ProviderFailure when a collector throws or breaks its contract (a name listed twice)
     * @throws IllegalStateException when a label makes a column that the mode already writes
     */
    List<Metric> metrics(long end, List<Metric> taken) {
        Set<String> names = new HashSet<>();
        for (Metric m : taken) {
            names.add(m.name());
        }
        List<Metric> out = new ArrayList<>();
        for (int i = 0; i < collectors.length; i++) {
            StatisticsSelection.Bound s = selection.get(i);
            StatisticsCollector c = collectors[i];
            List<Metric> results = SweepPlan.call(s.collector(), () -> c.results(end));
            for (Metric m : results) {
                String name = s.label() + "." + m.name();
                if (!names.add(name)) {
                    throw new IllegalStateException(s.collector().choice().path() + " (label '" + s.label()
                            + "'): column " + name + " is written twice (" + (taken.stream().anyMatch(t -> t.name()
                                    .equals(name)) ? "the study mode writes a metric of that name" : "the collector "
                                            + "lists metric '" + m.name() + "' twice")
                            + "); give the collector another label");
                }
                out.add(new Metric(name, m.value(), m.unit(), m.description()));
            }
        }
        return out;
    }
}
