/**
 * The Dawning 5000 switch and network interface as a hardware model (docs/studies/dawning.md): a
 * router description selecting the flit network's parts (per-VC crossbars, priority output
 * arbitration, virtual cut-through, function-separated VCs), not a router of its own.
 */
package org.fabrica.hardware.dawning;
