package org.fabrica.experiment.study;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.fabrica.experiment.ExperimentException;
import org.osgi.annotation.versioning.ProviderType;

/**
 * An experiment file as a study mode reads it: the tree after the command line's overrides, and
 * errors that say where a key or value came from ({@code file:line:column}, or the
 * {@code --set path=value} that set it). Paths are dotted and indexed as the user guide writes
 * them, e.g. {@code traffic.patterns[1]}. Implemented by the runner only.
 */
@ProviderType
public interface StudyFile {
    /** The tree (after overrides). */
    ObjectNode root();

    /** The file name or other source name used in messages. */
    String source();

    /** Where a path comes from: {@code file:line:column} of the path or its nearest located ancestor, or the override. */
    String where(String path);

    /** An error about the value at {@code path}: {@code file:line:col: message}. */
    ExperimentException error(String path, String message);

    /** An error about the key at {@code path} itself (an unknown or misplaced key): points at the key. */
    ExperimentException keyError(String path, String message);

    /** An error about the value at {@code path} caused by {@code cause}. */
    ExperimentException error(String path, String message, Throwable cause);

    /**
     * The installed modes whose files have the top-level key {@code key}, sorted (none when no mode
     * has it, or when the runner did not say): what a refusal of another mode's key names.
     */
    default java.util.List<String> modesReading(String key) {
        return java.util.List.of();
    }
}
