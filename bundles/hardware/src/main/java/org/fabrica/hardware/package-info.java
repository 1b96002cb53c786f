/**
 * Hardware model API: router pipeline, buffers, links and clock of a router model; since 1.1 also
 * the packet format (payload per packet, bytes on the wire) and endpoint overheads. Providers:
 * generic cycle-level router; RapidIO CPS-1848; later InfiniBand, Dawning. Since 1.2 the router
 * description: VCs with buffers, priorities and functions, crossbar organisation, link timing,
 * allocator parts by name (router API), network interface queues. Since 1.3 a description per router kind
 * ({@link org.fabrica.hardware.HardwareModel#description(String)}).
 */
@Export
@Version("1.3.0")
package org.fabrica.hardware;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
