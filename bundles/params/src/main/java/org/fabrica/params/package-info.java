/**
 * Binding of experiment-file parameter maps to the Metatype-annotated parameter types of
 * providers, and the parameter schema (names, types, defaults, ranges, descriptions) read from
 * the Metatype definitions that bnd generates. One source of defaults: the annotation type.
 */
@Export
@Version("1.0.0")
package org.fabrica.params;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
