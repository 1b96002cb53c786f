/**
 * Golden-result regression tests (docs/golden-results.md): the comparison of a run's results tables
 * with the expected ones kept under {@code examples/<dir>/expected/}, and the golden cases (the reduced
 * size each example runs at). Plain Java, used inside the framework by {@code GoldenResultsIT} and
 * tested on its own by {@code GoldenComparisonTest}.
 */
package org.fabrica.itests.golden;
