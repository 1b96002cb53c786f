/**
 * Hardware model API: router pipeline, buffers, links and clock of a router model; since 1.1 also
 * the packet format (payload per packet, bytes on the wire) and endpoint overheads. Providers:
 * generic cycle-level router; RapidIO CPS-1848; InfiniBand-like; Dawning 5000. Since 1.2 the router
 * description: VCs with buffers, priorities and functions, crossbar organisation, link timing,
 * allocator parts by name (router API), network interface queues. Since 1.3 a description per router kind
 * ({@link org.fabrica.hardware.HardwareModel#description(String)}). Since 1.4 latencies in
 * nanoseconds as whole cycles ({@link org.fabrica.hardware.RouterDescription#cycles}).
 */
@Export
@Version("1.6.0")
package org.fabrica.hardware;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
