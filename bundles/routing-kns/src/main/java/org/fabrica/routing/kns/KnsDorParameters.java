package org.fabrica.routing.kns;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** Parameters of {@code kns-dor}. */
@ObjectClassDefinition(name = "kns-dor", description = "Hybrid dimension-order routing on a KNS: an interface"
        + " sends a packet into the subnetwork of the first dimension, in the order, where its node and the"
        + " destination differ; the subnetwork takes it to the node of its line whose coordinate is the"
        + " destination's (s = 1: the line's switch; s > 1: up the line's r-ary s-tree until that node is below,"
        + " then down, through digit h of its coordinate in base r at level h, as d-mod-k). At most n switches"
        + " per packet with s = 1, n (2s - 1) with s > 1")
public @interface KnsDorParameters {
    @AttributeDefinition(description = "Dimension order of every packet: xy = X, then Y, then Z (XYZ in 3D);"
            + " yx = Y, then X, then Z (YXZ in 3D); network = by the packet's virtual network, XY(Z) in 0 and"
            + " YX(Z) in 1, as a queuing scheme such as dbbq chooses it at the source (OSHA, SASHA)")
    DimensionOrder order() default DimensionOrder.XY;

    @AttributeDefinition(description = "Node ids of sources whose packets take the yx order while 'order' is xy,"
            + " to mix both path types in one run (the deadlock example of docs/studies/osha-sasha.md);"
            + " empty = none", min = "0")
    int[] yxSources() default {};

    @AttributeDefinition(description = "Two virtual networks: xy paths on VC class 0, yx paths on VC class 1 (map"
            + " the classes to disjoint VCs, e.g. queuing 'dateline' with 2 VCs); false = one VC class for every"
            + " path, which can deadlock when both orders are mixed")
    boolean virtualNetworks() default false;
}
