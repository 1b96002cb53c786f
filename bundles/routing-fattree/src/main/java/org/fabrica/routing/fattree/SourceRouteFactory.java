package org.fabrica.routing.fattree;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.fabrica.kernel.RandomStreams;
import org.fabrica.routing.RoutingAlgorithm;
import org.fabrica.routing.RoutingFactory;
import org.fabrica.topology.Topology;
import org.fabrica.topology.TreeTopology;
import org.osgi.service.component.annotations.Component;

/**
 * {@code source-route}: routes flows on explicit source routes read from a file ({@code file}) and/or
 * given inline ({@code routes}, how a scheduler's plan reaches the packet simulator at run time: the
 * plan's port choices are written in the route text format into this parameter). The format is
 * documented on {@link SourceRoutes}; every route is checked against the topology when the algorithm
 * is created, so a route that cannot reach its destination is rejected before the run starts.
 */
@Component(service = RoutingFactory.class, property = {
        "fabrica.name=source-route",
        "fabrica.description=Fat-tree routing on explicit per-flow up-port routes (from a file or a scheduler's plan)"})
public final class SourceRouteFactory implements RoutingFactory<SourceRouteParameters> {
    @Override
    public Class<SourceRouteParameters> parameterType() {
        return SourceRouteParameters.class;
    }

    /** Outside a run (no run seed): a random-up fallback uses the choices of run seed 0. */
    @Override
    public RoutingAlgorithm create(Topology topology, SourceRouteParameters parameters) {
        return create(topology, parameters, new RandomStreams(0));
    }

    @Override
    public RoutingAlgorithm create(Topology topology, SourceRouteParameters parameters, RandomStreams random) {
        TreeTopology tree = UpDownRouting.requireTree("source-route", topology);
        String file = parameters.file().trim();
        String inline = parameters.routes();
        if (file.isEmpty() && inline.isBlank() && parameters.fallback() == SourceRouteFallback.FAIL) {
            throw new IllegalArgumentException("source-route has no routes and fallback 'fail', so it can route"
                    + " nothing; set 'file' or 'routes', or choose a fallback (dmodk, smodk, random-up)");
        }
        String fileText = "";
        if (!file.isEmpty()) {
            try {
                fileText = Files.readString(Path.of(file), StandardCharsets.UTF_8);
            } catch (IOException | RuntimeException e) {
                throw new IllegalArgumentException("source-route: cannot read routes file '" + file + "' ("
                        + e.getMessage() + "); give a readable path relative to the working directory "
                        + Path.of("").toAbsolutePath(), e);
            }
        }
        SourceRoutes routes = SourceRoutes.parse(tree, fileText, "routes file '" + file + "'", inline,
                "parameter 'routes'");
        UpDownRouting fallback = switch (parameters.fallback()) {
            case FAIL -> null;
            case DMODK -> new ModKRouting("dmodk", tree, false, parameters.fallbackTopForced());
            case SMODK -> new ModKRouting("smodk", tree, true, parameters.fallbackTopForced());
            case RANDOM_UP -> new RandomUpRouting("random-up", tree, random.stream("routing", 0).nextLong(),
                    parameters.fallbackTopForced());
        };
        return new SourceRouteRouting("source-route", tree, routes, fallback);
    }
}
