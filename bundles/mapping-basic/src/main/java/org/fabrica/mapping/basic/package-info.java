/**
 * The built-in rank mappings (providers of the concept {@code mapping}, docs/traces.md "Mapping"):
 * linear, random, nodes, file.
 */
package org.fabrica.mapping.basic;
