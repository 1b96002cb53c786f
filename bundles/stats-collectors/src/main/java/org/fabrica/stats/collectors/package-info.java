/**
 * Statistics collectors, exported as a library that the experiment runner drives per sweep point:
 * <ul>
 * <li>{@link org.fabrica.stats.collectors.SteadyStateCollector}: steady-state latency and
 * throughput of a load point (the run stops when every measured packet has arrived);</li>
 * <li>{@link org.fabrica.stats.collectors.WindowedSeriesCollector}: throughput, latency and
 * offered load per W-cycle window of a ramp-load run, smoothed by
 * {@link org.fabrica.stats.collectors.MovingAverage} and analysed by
 * {@link org.fabrica.stats.collectors.CriticalLoadDetector} (both pure functions);</li>
 * <li>{@link org.fabrica.stats.collectors.InFlightSeries} and
 * {@link org.fabrica.stats.collectors.CollectiveDurationCollector}: the collective (unsteady)
 * mode; {@link org.fabrica.stats.collectors.WindowSampler}, the clock of one sample per window
 * that the in-flight series and other windowed observers share, and
 * {@link org.fabrica.stats.collectors.HeldSeries}, the sources a throttle held back per window
 * (since 1.5);</li>
 * <li>{@link org.fabrica.stats.collectors.SpaceTimeRecorder}: buffer busy state along a row of
 * routers per direction, rendered by {@link org.fabrica.stats.collectors.SpaceTimeChart};</li>
 * <li>{@link org.fabrica.stats.collectors.CompositeObserver}: fan-out of network events;
 * {@link org.fabrica.stats.collectors.PacketCounts}: packets generated and delivered (since 1.6).</li>
 * </ul>
 * Every observer here allocates nothing per event (docs/studies/spth.md for the definitions).
 * The bundle also provides the statistics collectors that experiments select by name
 * ({@code statistics:}), in its private package {@code org.fabrica.stats.collectors.providers}.
 */
@Export
@Version("1.6.0")
package org.fabrica.stats.collectors;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
