/**
 * Rank mapping API: where the ranks of an application (a trace replayed, docs/traces.md) run, as
 * the end node of every rank. A provider implements {@link org.fabrica.mapping.MappingFactory}.
 * Providers: linear, random, nodes, file (mapping-basic).
 */
@Export
@Version("1.0.0")
package org.fabrica.mapping;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
