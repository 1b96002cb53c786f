package org.fabrica.experiment.plan;

import org.fabrica.experiment.study.StudyPoint;
import org.fabrica.experiment.study.StudyTraffic;
import org.fabrica.kernel.RandomStreams;

/**
 * A mode's own traffic ({@link StudyTraffic}, through the exported API) as a point's: its pattern and
 * injection process with the scheme's routing as the file gives it. A failure, or traffic that is
 * not there, fails the point naming the mode.
 */
public final class ModeTraffic implements PointTraffic {
    private final StudyTraffic traffic;
    private final String mode;

    public ModeTraffic(StudyTraffic traffic, String mode) {
        this.traffic = traffic;
        this.mode = mode;
    }

    @Override
    public Traffic create(SweepPlan plan, StudyPoint point, SweepPlan.BoundScheme scheme, RandomStreams streams) {
        if (scheme.routesFrom() != null) {
            // routes planned by a scheduler are planned for the file's pattern, which this traffic replaces
            throw new IllegalStateException("mode " + mode + " brings its own traffic, so scheme '" + scheme.label()
                    + "' cannot take routes planned by a scheduler for the file's pattern (routing.from); remove from");
        }
        StudyTraffic.Packets p;
        try {
            p = traffic.packets(plan, point, streams);
        } catch (RuntimeException e) {
            throw new IllegalStateException("mode " + mode + "'s traffic of point " + point.pointId() + " failed: "
                    + ProviderFailure.message(e), e);
        }
        if (p == null) {
            throw new IllegalStateException("mode " + mode + "'s traffic returned no packets for point "
                    + point.pointId());
        }
        return new Traffic(p.pattern(), p.injection(), p.label(), scheme.routing(), null, p, p.collectives(), null,
                p.groups(), p.collectiveName());
    }
}
