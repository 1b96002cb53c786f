/**
 * Router parts API: the allocators and arbiters of a router (VC allocation, switch allocation,
 * output arbitration), which a hardware model selects by name and a third-party bundle can
 * provide, and the part choices a router description holds.
 *
 * <p>An {@link org.fabrica.router.Allocator} solves one bipartite matching per router and cycle:
 * requests of <i>inputs</i> (crossbar inputs, input VCs, queues) for <i>outputs</i> (crossbar
 * outputs, output VCs, links), given as the parallel arrays of an
 * {@link org.fabrica.router.AllocationRequests}. The network model fills the requests, calls the
 * allocator, checks its answer (each input and each output granted at most once) and applies the
 * grants. Allocators are plain objects created once per run by an
 * {@link org.fabrica.router.AllocatorFactory} service registered with {@code fabrica.name}.
 */
@Export
@Version("1.3.0")
package org.fabrica.router;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
