/**
 * Queuing scheme API: which virtual channels (queues) a packet may occupy at each input buffer. Providers (queuing-basic): 1vc, by-function, voqsw, voqnet (one queue per destination), dateline VC classes, bbq and dbbq (bands of destinations; dbbq over virtual networks chosen at the source, obliviously, by occupancy or by transmit wait). Since 1.1 a scheme may choose each packet's virtual network at its source (QueuingScheme.virtualNetwork) and read the occupancy of the buffers its router's outputs feed (QueuingContext.downstreamFlits); since 1.2 the outputs' transmit-wait counters (QueuingContext.transmitWait); since 1.3 the function the hardware gives each VC (QueuingContext.vcFunction), which by-function reads.
 */
@Export
@Version("1.3.0")
package org.fabrica.queuing;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
