package org.fabrica.hardware;

import org.osgi.annotation.versioning.ConsumerType;

/** A hardware model: the router parameters the network model builds from. */
@ConsumerType
public interface HardwareModel {
    RouterParameters router();
}
