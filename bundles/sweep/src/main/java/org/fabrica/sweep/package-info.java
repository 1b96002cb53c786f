/**
 * Sweep execution API: an executor runs the points of a sweep (locally on threads, or on cluster members) and reports each result as it finishes.
 */
@Export
@Version("1.2.0")
package org.fabrica.sweep;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
