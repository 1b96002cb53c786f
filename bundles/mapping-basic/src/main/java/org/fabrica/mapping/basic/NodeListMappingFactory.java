package org.fabrica.mapping.basic;

import org.fabrica.mapping.MappingContext;
import org.fabrica.mapping.MappingFactory;
import org.osgi.service.component.annotations.Component;

/** {@code nodes}: the end node of every global rank, listed in the experiment file. */
@Component(service = MappingFactory.class, property = {
        "fabrica.name=nodes",
        "fabrica.description=The end node of every global rank, listed: nodes: [0, 19] puts rank 0 on node 0 and rank"
                + " 1 on node 19"})
public final class NodeListMappingFactory implements MappingFactory<NodeListMappingParameters> {
    @Override
    public Class<NodeListMappingParameters> parameterType() {
        return NodeListMappingParameters.class;
    }

    @Override
    public int[] map(MappingContext context, NodeListMappingParameters parameters) {
        int[] nodes = parameters.nodes();
        if (nodes.length != context.ranks()) {
            throw new IllegalArgumentException(nodes.length + " nodes listed for " + context.ranks() + " ranks ("
                    + context.copies() + " copies x " + context.ranksPerCopy() + " ranks); list one node per rank");
        }
        return nodes.clone();
    }
}
