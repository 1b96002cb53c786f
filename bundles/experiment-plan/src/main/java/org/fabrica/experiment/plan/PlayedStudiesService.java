package org.fabrica.experiment.plan;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.fabrica.experiment.ProviderCatalog;
import org.fabrica.experiment.file.ExperimentDocument;
import org.fabrica.experiment.file.ProviderChoice;
import org.fabrica.experiment.file.SpecReader;
import org.fabrica.experiment.study.PlayedStudies;
import org.fabrica.experiment.study.StudyFile;
import org.fabrica.experiment.study.StudyMode;
import org.fabrica.experiment.study.StudyPlan;
import org.fabrica.experiment.study.StudyPoint;
import org.fabrica.experiment.study.StudyProvider;
import org.fabrica.experiment.study.StudyScheme;
import org.fabrica.experiment.study.StudySpec;
import org.fabrica.experiment.study.StudyTraffic;
import org.fabrica.params.Suggestions;
import org.fabrica.stats.collectors.PacketCounts;
import org.fabrica.traffic.schedule.PlannedRoutes;
import org.osgi.service.component.annotations.Component;

/**
 * The {@link PlayedStudies} service: the common part of a file of a simulating mode whose
 * packets are its own (e.g. m2n), read, resolved and written for a mode of another bundle. Its spec
 * is an {@link ExperimentSpec} without traffic; its plan a {@link SweepPlan} whose points take their
 * packets from the mode's {@link StudyTraffic}.
 */
@Component(service = PlayedStudies.class)
public final class PlayedStudiesService implements PlayedStudies {

    @Override
    public ExperimentSpec read(StudyFile file, String name, String description, StudyMode mode, Options options) {
        ExperimentDocument doc = Owned.document(file);
        ObjectNode root = doc.root();
        SpecReader.refuseOthers(doc, root, options.mode(), mode.keys());
        ProviderChoice topology = SpecReader.choice(doc, root.get("topology"), "topology", "topology", null);
        ProviderChoice hardware = SpecReader.choice(doc, root.get("hardware"), "hardware", "hardware", null);
        ProviderChoice network = SpecReader.choice(doc, root.get("network"), "network", "network",
                ExperimentSpec.DEFAULT_NETWORK);
        ProviderChoice kernel = SpecReader.choice(doc, root.get("kernel"), "kernel", "kernel",
                ExperimentSpec.DEFAULT_KERNEL);
        List<SchemeSpec> schemes = new ArrayList<>();
        Set<String> labels = new HashSet<>();
        for (StudyScheme s : options.schemes()) {
            labels.add(s.label());
            schemes.add(new SchemeSpec(s.label(), s.routing(), s.queuing(), s.throttle(), null, s.rows(),
                    s.hardware()));
        }
        String baseline = SpecReader.optionalText(doc, root, "baseline", "baseline", schemes.get(0).label());
        if (!labels.contains(baseline)) {
            throw doc.error("baseline", "baseline '" + baseline + "' is not the label of a scheme"
                    + Suggestions.hint(baseline, labels) + "; the ratios of a mode " + options.mode()
                    + " experiment refer to one of its schemes");
        }
        long deadlockCycles = SpecReader.cycles(doc, root, "deadlockCycles", ExperimentSpec.DEFAULT_DEADLOCK_CYCLES, 1);
        long maxCycles = SpecReader.cycles(doc, root, "maxCycles", ExperimentSpec.DEFAULT_MAX_CYCLES, 1);
        if (maxCycles > Long.MAX_VALUE / 4) {
            throw doc.error("maxCycles", "maxCycles = " + maxCycles + " is too large; use fewer cycles");
        }
        List<Long> seeds = ComputedStudiesService.seedsOfEveryRow(doc, root, options.mode(), options.rowNoun());
        List<List<Long>> rowSeeds = java.util.Collections.nCopies(options.rows().size(), seeds);
        String executor = SpecReader.optionalText(doc, root, "executor", "executor", ExperimentSpec.DEFAULT_EXECUTOR);
        return new ExperimentSpec(name, description, topology, hardware, network, kernel, 0, 0, List.of(),
                options.rows(), null, List.copyOf(schemes), deadlockCycles, List.copyOf(seeds), executor,
                options.plots(), options.report(), options.mode(), mode, baseline, List.copyOf(rowSeeds), false,
                org.fabrica.stats.collectors.InFlightSeries.DEFAULT_WINDOW, maxCycles, null,
                ExperimentSpec.DEFAULT_CELL_PIXELS, options.settings(), List.of());
    }

    @Override
    public List<StudyScheme> schemes(StudyFile file, String mode) {
        ExperimentDocument doc = Owned.document(file);
        List<SchemeSpec> schemes = PacketStudy.schemes(doc, doc.root());
        List<StudyScheme> out = new ArrayList<>();
        for (int i = 0; i < schemes.size(); i++) {
            SchemeSpec s = schemes.get(i);
            if (s.routesFrom() != null) {
                throw doc.error("schemes[" + i + "].routing." + PlannedRoutes.FROM, "routes from a scheduler are"
                        + " not used in mode " + mode + " (its traffic is the mode's own, not a pattern's); remove"
                        + " 'from'");
            }
            out.add(new StudyScheme(s.label(), s.routing(), s.queuing(), s.throttle(), s.hardware(), List.of()));
        }
        return List.copyOf(out);
    }

    @Override
    public ObjectNode scheme(StudyPlan plan, int index) {
        SweepPlan p = Owned.plan(plan);
        SweepPlan.BoundScheme s = p.schemes().get(index);
        ObjectNode o = com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode();
        o.put("label", s.label());
        o.set("routing", ResolvedExperiment.providerNode(s.routing()));
        o.set("queuing", ResolvedExperiment.providerNode(s.queuing()));
        o.set("throttle", ResolvedExperiment.providerNode(s.throttle()));
        p.putSchemeHardware(o, s);
        return o;
    }

    @Override
    public SweepPlan resolve(StudyFile file, StudySpec spec, ProviderCatalog providers, Player player) {
        ExperimentDocument doc = Owned.document(file);
        ExperimentSpec s = Owned.spec(spec);
        ProviderLookup registry = Owned.registry(providers);
        ProviderBinding.Simulation sim = ProviderBinding.Simulation.bind(doc, s, registry);
        List<SweepPlan.BoundScheme> schemes = new ArrayList<>();
        for (int i = 0; i < s.schemes().size(); i++) {
            SchemeSpec scheme = s.schemes().get(i);
            schemes.add(new SweepPlan.BoundScheme(i, scheme.label(), ProviderBinding.bind(doc, scheme.routing(), registry),
                    ProviderBinding.bind(doc, scheme.queuing(), registry),
                    ProviderBinding.bind(doc, scheme.throttle(), registry)));
        }
        ProviderBinding.checkExecutor(doc, s, registry);
        Played played = player.play(sim.topologyInstance(), sim.model(), sim.router());
        if (played == null) {
            throw new IllegalStateException("mode " + s.mode() + " resolved nothing (Player.play returned null)");
        }
        List<BoundProvider> bound = new ArrayList<>();
        for (StudyProvider p : played.bound()) {
            bound.add(ComputedStudiesService.own(p));
        }
        SweepPlan plan = new SweepPlan(doc, s, sim.topology(), sim.hardware(), sim.network(), sim.kernel(), null,
                List.of(), List.copyOf(schemes), sim.topologyInstance(), sim.router(), sim.endpoint(), played.state(),
                played.packetFlits(), (p, point, scheme, streams) -> {
                    throw new IllegalStateException("mode " + s.mode() + " brings its own traffic (StudyJob.simulate"
                            + "(measurement, traffic))");
                }, bound);
        plan.describeRouter(doc, ProviderBinding.description(doc, sim.hardware(), sim.model()), registry);
        plan.bindSchemeHardware(doc, registry);
        if (played.expectedPackets() != null) {
            plan.expectPackets(played.expectedPackets());
        }
        return plan;
    }

    @Override
    public void build(StudyFile file, StudyPlan plan, StudyPoint probe, StudyTraffic traffic) {
        ExperimentDocument doc = Owned.document(file);
        SweepPlan p = Owned.plan(plan);
        SweepPlan.BoundScheme s = p.schemes().get(probe.scheme());
        try {
            p.assemble(probe, new ModeTraffic(traffic, p.spec().mode()), t -> new PacketCounts());
        } catch (ProviderFailure f) {
            throw doc.error(f.provider().choice().path(), "scheme '" + s.label() + "': " + f.getMessage()
                    + " (topology " + p.topology().describe() + ", " + p.router().vcs() + " VCs per port)", f);
        } catch (RuntimeException e) {
            throw doc.error("schemes[" + s.index() + "]", "scheme '" + s.label() + "' cannot be built: "
                    + ProviderFailure.message(e), e);
        }
    }

    @Override
    public List<StudyPoint> pointsPerSeed(StudySpec spec, String word) {
        return PacketStudy.perSeed(Owned.spec(spec), word);
    }

    @Override
    public BoundProvider bind(StudyFile file, ProviderChoice choice, ProviderCatalog providers) {
        return ProviderBinding.bind(Owned.document(file), choice, Owned.registry(providers));
    }

    @Override
    public BoundProvider provider(StudyPlan plan, String path) {
        BoundProvider p = Owned.plan(plan).providersByPath().get(path);
        if (p == null) {
            throw new IllegalArgumentException("no provider is bound at " + path + "; the plan binds "
                    + Owned.plan(plan).providersByPath().keySet());
        }
        return p;
    }

    @Override
    public String failure(Throwable failure) {
        return ProviderFailure.message(failure);
    }

    @Override
    public ObjectNode node(StudyProvider provider) {
        return ResolvedExperiment.providerNode(ComputedStudiesService.own(provider));
    }

    @Override
    public ObjectNode resolved(StudyPlan plan, ObjectNode own) {
        SweepPlan p = Owned.plan(plan);
        ObjectNode r = ResolvedExperiment.simulationHeader(p, p.spec().mode());
        r.setAll(own);
        ResolvedExperiment.runFooter(r, p.spec());
        return r;
    }
}
