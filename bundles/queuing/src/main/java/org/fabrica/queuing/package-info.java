/**
 * Queuing scheme API: which virtual channels (queues) a packet may occupy at each input buffer. Providers: 1VC, VOQsw, dateline VC classes; later BBQ, DBBQ, VOQnet.
 */
@Export
@Version("1.0.0")
package org.fabrica.queuing;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
