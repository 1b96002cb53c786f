package org.fabrica.experiment.plan;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import org.fabrica.experiment.study.StudyPoint;

/**
 * The plans of an experiment's variants ({@link Variants}) seen as one sweep: the points of every
 * variant in turn, each variant's schemes as columns of their own ({@code variant} or
 * {@code variant | scheme}), one experiment id over all of them. Each variant is a whole plan,
 * resolved and checked like an experiment; a point runs on its variant's plan
 * ({@link #planOf}), whose point ids carry the prefix {@code v<i>/}.
 */
public final class VariantPlans {
    /** Separates a variant's label from a scheme's in a column label, when there are several schemes. */
    public static final String COLUMN_SEPARATOR = " | ";

    private final Variants variants;
    private final List<SweepPlan> plans;
    private final List<String> refused;
    private final List<StudyPoint> points;
    private final int[] variantOf;
    /** Index in the sweep of each variant's first point. */
    private final int[] firstOf;
    private final List<String> columns;
    private final ObjectNode resolved;
    private final String experimentId;
    private final String summary;

    /**
     * @param base the experiment without its variants (its summary and resolved form; already resolved)
     * @param variants the variants kept, in sweep order
     * @param plans their plans, one per variant, whose points are already prefixed ({@link #prefix})
     * @param refused the combinations left out (label: why), for the summary
     */
    public VariantPlans(SweepPlan base, Variants variants, List<SweepPlan> plans, List<String> refused) {
        this.variants = variants;
        this.plans = List.copyOf(plans);
        this.refused = List.copyOf(refused);
        List<String> schemeLabels = base.columnLabels();
        List<String> cols = new ArrayList<>();
        for (Variants.Variant v : variants.variants()) {
            for (String s : schemeLabels) {
                cols.add(schemeLabels.size() == 1 ? v.label() : v.label() + COLUMN_SEPARATOR + s);
            }
        }
        this.columns = List.copyOf(cols);
        List<StudyPoint> all = new ArrayList<>();
        List<Integer> owner = new ArrayList<>();
        this.firstOf = new int[plans.size()];
        for (int v = 0; v < plans.size(); v++) {
            firstOf[v] = all.size();
            for (StudyPoint p : plans.get(v).points()) {
                all.add(new StudyPoint(all.size(), p.pointId(), p.pattern(), v * schemeLabels.size() + p.scheme(),
                        p.load(), p.seed()));
                owner.add(v);
            }
        }
        this.points = List.copyOf(all);
        this.variantOf = owner.stream().mapToInt(Integer::intValue).toArray();
        // the base's summary names the base's id: the sweep's is given below instead
        this.summary = base.summary().replaceAll("(?m)^  id +" + base.experimentId() + "\\R?", "");
        ObjectNode r = base.resolvedNode().deepCopy();
        r.set(Variants.KEY, variants.given().deepCopy());
        this.resolved = r;
        ObjectNode key = r.deepCopy();
        ArrayNode ids = key.putArray("variantIds"); // what each variant resolved to (defaults included)
        for (SweepPlan p : plans) {
            ids.add(p.experimentId());
        }
        this.experimentId = ResolvedExperiment.id(key, SweepPlan.presentationKeys(base.spec()));
    }

    /** The variants kept, in sweep order, with their axes and chart metric. */
    public Variants variants() {
        return variants;
    }

    /** The sweep's column labels: {@code variant}, or {@code variant | scheme} when there are several schemes. */
    public List<String> columns() {
        return columns;
    }

    /** The prefix of variant {@code v}'s point ids. */
    public static String prefix(int v) {
        return "v" + v + "/";
    }

    List<StudyPoint> points() {
        return points;
    }

    List<String> columnLabels() {
        return columns;
    }

    String experimentId() {
        return experimentId;
    }

    ObjectNode resolved() {
        return resolved;
    }

    List<SweepPlan> plans() {
        return plans;
    }

    /** The plan of the variant a point (of the sweep, or of its variant's plan: same id) belongs to. */
    SweepPlan planOf(StudyPoint p) {
        String id = p.pointId();
        int slash = id.indexOf('/');
        if (id.startsWith("v") && slash > 1) {
            try {
                int v = Integer.parseInt(id.substring(1, slash));
                if (v >= 0 && v < plans.size()) {
                    return plans.get(v);
                }
            } catch (NumberFormatException e) {
                // not a variant's point: below
            }
        }
        throw new IllegalArgumentException("point " + id + " belongs to no variant of this experiment");
    }

    /** Variant index of the sweep's point {@code index}. */
    int variantOf(int index) {
        return variantOf[index];
    }

    /** The variant's own point for the sweep's point {@code p} (index and scheme within the variant). */
    StudyPoint local(StudyPoint p) {
        int v = variantOf[p.index()];
        return plans.get(v).points().get(p.index() - firstOf[v]);
    }

    /** The base experiment's summary with a line on the variants and the sweep's total. */
    String summary() {
        StringBuilder sb = new StringBuilder(summary);
        if (!summary.endsWith("\n")) {
            sb.append('\n');
        }
        List<Variants.Axis> axes = variants.axes();
        sb.append("  variants  ").append(variants.variants().size());
        if (!"variant".equals(axes.get(0).name())) {
            sb.append(" of a grid of");
            for (int a = 0; a < axes.size(); a++) {
                sb.append(a == 0 ? " " : " x ").append(axes.get(a).name()).append(' ').append(axes.get(a).values());
            }
        } else {
            sb.append(": ").append(String.join("; ", axes.get(0).values()));
        }
        sb.append("; ").append(points.size()).append(" points in all (the count above is the experiment's without its variants)\n");
        sb.append("  id        ").append(experimentId).append(" (the experiment with its variants)\n");
        for (String r : refused) {
            sb.append("  left out  ").append(r).append('\n');
        }
        return sb.toString().stripTrailing();
    }
}
