/**
 * Test fixtures shared by the bundles' unit tests: packet headers ({@link org.fabrica.testing.TestPacket}),
 * a route-candidate recorder ({@link org.fabrica.testing.CandidateRecorder}), walks of a routing
 * algorithm's paths ({@link org.fabrica.testing.RouteWalk}), channel-dependency graphs with cycle
 * detection ({@link org.fabrica.testing.DependencyGraph}), explicit small topologies
 * ({@link org.fabrica.testing.GraphTopology}), a topology that forwards to another with one answer
 * changed ({@link org.fabrica.testing.ForwardingTopology}) and the topology contract check
 * ({@link org.fabrica.testing.TopologyContract}).
 *
 * <p>Used at test scope only (a module's {@code <scope>test</scope>} dependency on
 * {@code org.fabrica:test-support}); not a run bundle of the launcher, so nothing here is exported.
 * It depends on the API bundles only: a provider's tests may use it without a dependency cycle.
 */
package org.fabrica.testing;
