/**
 * Routing API: route computation on packet headers. A routing algorithm returns candidate (output port, VC class) pairs; the queuing scheme maps a VC class to virtual channels.
 */
@Export
@Version("1.2.0")
package org.fabrica.routing;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
