/**
 * Queuing scheme API: which virtual channels (queues) a packet may occupy at each input buffer. Providers (queuing-basic): 1vc, voqsw, dateline VC classes. BBQ, DBBQ and VOQnet (docs/studies/osha-sasha.md) are not built yet.
 */
@Export
@Version("1.0.0")
package org.fabrica.queuing;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
