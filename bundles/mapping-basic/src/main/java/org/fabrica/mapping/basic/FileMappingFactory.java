package org.fabrica.mapping.basic;

import org.fabrica.mapping.MappingContext;
import org.fabrica.mapping.MappingFactory;
import org.osgi.service.component.annotations.Component;

/** {@code file}: the end node of every global rank, one per line of a text file. */
@Component(service = MappingFactory.class, property = {
        "fabrica.name=file",
        "fabrica.description=The end node of every global rank read from a text file: one node per line in global rank"
                + " order, '#' comments, blank lines skipped"})
public final class FileMappingFactory implements MappingFactory<FileMappingParameters> {
    @Override
    public Class<FileMappingParameters> parameterType() {
        return FileMappingParameters.class;
    }

    @Override
    public int[] map(MappingContext context, FileMappingParameters parameters) {
        if (parameters.file().isBlank()) {
            throw new IllegalArgumentException("file is required: the mapping file, one end node per line, e.g."
                    + " mapping: {name: file, file: map.txt}");
        }
        return RankMapping.fromFile(context.resolve(parameters.file()), context.ranks(), context.nodes());
    }
}
