/**
 * The cluster sweep executor and member on Hazelcast (docs/architecture.md, "Cluster"): the
 * submitter joins as a lite member, members pull points (a few in flight each), results come
 * back to the submitter, which alone reports them; a lost member's points go back to the queue.
 */
package org.fabrica.sweep.hazelcast;
