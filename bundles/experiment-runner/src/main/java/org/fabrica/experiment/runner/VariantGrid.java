package org.fabrica.experiment.runner;

import java.util.ArrayList;
import java.util.List;
import org.fabrica.experiment.plan.VariantPlans;
import org.fabrica.experiment.plan.Variants;
import org.fabrica.experiment.report.VariantCharts;

/** What the variant table and charts of a run draw ({@link VariantCharts}), from its plans' variants. */
final class VariantGrid {
    private VariantGrid() {
    }

    /** The axes, their values and one column per variant and scheme; null for a run without variants. */
    static VariantCharts.Grid of(VariantPlans plans) {
        if (plans == null) {
            return null;
        }
        Variants variants = plans.variants();
        List<String> names = new ArrayList<>();
        List<List<String>> values = new ArrayList<>();
        for (Variants.Axis a : variants.axes()) {
            names.add(a.name());
            values.add(a.values());
        }
        List<String> columns = plans.columns();
        List<VariantCharts.Column> cols = new ArrayList<>();
        int schemes = columns.size() / variants.variants().size();
        int c = 0;
        for (Variants.Variant v : variants.variants()) {
            for (int s = 0; s < schemes; s++) {
                String label = columns.get(c++);
                cols.add(new VariantCharts.Column(label, v.coordinates(), schemes == 1 ? ""
                        : label.substring(v.label().length() + VariantPlans.COLUMN_SEPARATOR.length())));
            }
        }
        return new VariantCharts.Grid(names, values, cols, variants.chart());
    }
}
