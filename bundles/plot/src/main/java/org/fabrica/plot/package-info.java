/**
 * Charts: the one plotting path of Fabrica. A {@link org.fabrica.plot.Chart} (line chart or grouped
 * bar chart) of {@link org.fabrica.plot.Series} is painted by one painter, and
 * {@link org.fabrica.plot.ChartRenderer} writes it as SVG text or PNG bytes, so the two formats always
 * agree. {@link org.fabrica.plot.Markup} escapes text for the SVG and for the HTML page an inline SVG
 * goes into. Pure JVM: Java2D and ImageIO (headless), no other library.
 *
 * <p>The painter, its canvases (SVG and Java2D), axis scales and text metrics are package-private:
 * only the chart model and its renderer are API.
 */
@Export
@Version("1.1.0")
package org.fabrica.plot;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
