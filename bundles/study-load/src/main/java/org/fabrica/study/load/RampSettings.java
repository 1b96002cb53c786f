package org.fabrica.study.load;

import org.fabrica.stats.collectors.CriticalLoadDetector;
import org.fabrica.stats.collectors.MovingAverage;
import org.fabrica.stats.collectors.WindowedSeriesCollector;
import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/**
 * The optional keys of mode {@code ramp} ({@link RampStudy#settingsType()}), by key path, with the
 * collectors' own defaults; {@code fabrica help mode ramp} lists them.
 */
@ObjectClassDefinition(name = "ramp", description = "One point per pattern x scheme x seed: the ramp injection raises"
        + " the offered load over the run; the series give throughput and latency against offered load and the"
        + " critical load is where the throughput's gradient falls below the linear region's")
public @interface RampSettings {
    @AttributeDefinition(min = "1", max = "1000000000", description = "window W in cycles for throughput, latency and"
            + " offered load")
    int series_window() default WindowedSeriesCollector.DEFAULT_WINDOW;

    @AttributeDefinition(min = "1", max = "1000000000", description = "points of the centred moving average")
    int series_smoothing() default MovingAverage.DEFAULT_POINTS;

    @AttributeDefinition(min = "0", max = "1", description = "fraction of the curve's points, from its start, that forms"
            + " the linear region; strictly between 0 and 1")
    double criticalLoad_linearFraction() default CriticalLoadDetector.Settings.DEFAULT_LINEAR_FRACTION;

    @AttributeDefinition(min = "2", max = "1000000000", description = "points of the centred window of the local"
            + " least-squares gradient")
    int criticalLoad_gradientPoints() default CriticalLoadDetector.Settings.DEFAULT_GRADIENT_POINTS;

    @AttributeDefinition(min = "0", max = "1", description = "relative fall of the gradient below the linear region's"
            + " that marks the critical load; strictly between 0 and 1")
    double criticalLoad_drop() default CriticalLoadDetector.Settings.DEFAULT_DROP;
}
