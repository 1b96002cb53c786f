package org.fabrica.shell;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.fabrica.experiment.ExperimentService;
import org.fabrica.experiment.ProviderCatalog;
import org.fabrica.experiment.ProviderInfo;
import org.fabrica.experiment.RunHandle;

/**
 * The words that may come next on a fabrica command line: the shell's tab completion. The JLine shell asks
 * through {@code fabrica:candidates}, which the shell profile (src/main/gosh/gosh_profile) declares for
 * each command; the words come from the runs and the provider catalogue at the moment Tab is pressed, so
 * a new run or a plugin's algorithm is offered as soon as it exists. JLine keeps those that start with
 * what was typed.
 */
final class CommandCompletion {
    /** The concepts a paused run can swap ({@link RunHandle#swap} accepts routing only). */
    static final List<String> SWAPPABLE = List.of("routing", "rootPolicy");

    private CommandCompletion() {
    }

    /**
     * @param words the words of the line, the command first (scoped, {@code fabrica:swap}, or not, {@code swap})
     * @param index the index in {@code words} of the word being completed
     * @return the candidates for that word; empty when the command takes no argument there or is not a fabrica one
     */
    static List<String> candidates(ExperimentService experiments, ProviderCatalog catalog, List<String> words, int index) {
        if (words.isEmpty() || index < 1 || index > words.size()) {
            return List.of(); // index 0, the command itself, is the shell's to complete
        }
        String command = words.get(0).substring(words.get(0).indexOf(':') + 1);
        return switch (command) {
            case "help" -> switch (index) {
                case 1 -> catalog.concepts();
                case 2 -> providerNames(catalog, words.get(1));
                default -> List.of();
            };
            case "pause", "resume", "stop", "stats", "step" -> index == 1 ? runIds(experiments) : List.of();
            case "swap" -> switch (index) {
                case 1 -> runIds(experiments);
                case 2 -> SWAPPABLE;
                case 3 -> providerNames(catalog, words.get(2));
                default -> List.of();
            };
            default -> List.of();
        };
    }

    private static List<String> runIds(ExperimentService experiments) {
        List<String> ids = new ArrayList<>();
        for (RunHandle h : experiments.runs()) {
            ids.add(h.id());
        }
        return ids;
    }

    /** The names of a concept's providers in catalogue order, each once (a shadowed name is still one name). */
    private static List<String> providerNames(ProviderCatalog catalog, String concept) {
        Set<String> names = new LinkedHashSet<>();
        for (ProviderInfo p : catalog.providers()) {
            if (p.concept().equals(concept)) {
                names.add(p.name());
            }
        }
        return List.copyOf(names);
    }
}
