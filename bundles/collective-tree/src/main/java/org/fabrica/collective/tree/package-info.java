/** The {@code tree-barrier} collective engine (provider of org.fabrica.collective). */
package org.fabrica.collective.tree;
