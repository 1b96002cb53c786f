package org.fabrica.traffic.trace.otf2;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An OTF2 archive read without the OTF2 library (docs/traces.md, "Importing OTF2"): the anchor
 * file, the global definitions Fabrica needs (clock, strings, locations, regions, groups,
 * communicators) and, on demand, the MPI-related event records of one location. Archives written
 * with the POSIX file substrate and without compression, trace format 2 (OTF2 1.x to 3.x).
 *
 * <p>Only what an MPI replay needs is kept; every other record is skipped by its length, so that
 * records of later OTF2 versions and of other paradigms (OpenMP, CUDA, I/O) do no harm.
 */
public final class Otf2Archive {
    /** OTF2's paradigm number of MPI. */
    static final int PARADIGM_MPI = 4;
    /** Group types (OTF2_GroupType). */
    static final int GROUP_COMM_LOCATIONS = 4;
    static final int GROUP_COMM_GROUP = 5;
    static final int GROUP_COMM_SELF = 6;

    private static final int SUBSTRATE_POSIX = 1;
    private static final int COMPRESSION_NONE = 1;
    private static final int MAPPING_REGION = 3;
    private static final int MAPPING_COMM = 6;

    private final Path anchor;
    private final Path directory;
    private final String name;
    private final String version;
    private final long eventChunkSize;
    private final long definitionChunkSize;
    private final long locationCount;
    private long timerResolution;
    private final Map<Long, String> strings = new HashMap<>();
    private final Map<Long, Location> locations = new LinkedHashMap<>();
    private final Map<Long, Region> regions = new HashMap<>();
    private final Map<Long, Group> groups = new LinkedHashMap<>();
    private final Map<Long, Comm> comms = new LinkedHashMap<>();

    /** A location (a thread of a process) of the global definitions. */
    public record Location(long id, String name, int type, long events, long group) {
    }

    /** A code region; {@code paradigm} is -1 when the archive's version does not record it. */
    record Region(long id, String name, int paradigm) {
        boolean mpi() {
            return paradigm == PARADIGM_MPI || (paradigm < 0 && name.startsWith("MPI_"));
        }
    }

    /** A group: locations (COMM_LOCATIONS), ranks of the COMM_LOCATIONS group (COMM_GROUP), or others. */
    record Group(long id, String name, int type, int paradigm, long[] members) {
    }

    /** A communicator and its group. */
    record Comm(long id, String name, long group) {
    }

    private Otf2Archive(Path anchor, String version, long eventChunkSize, long definitionChunkSize, long locationCount) {
        this.anchor = anchor;
        Path parent = anchor.toAbsolutePath().getParent();
        this.directory = parent;
        String file = anchor.getFileName().toString();
        this.name = file.substring(0, file.length() - ".otf2".length());
        this.version = version;
        this.eventChunkSize = eventChunkSize;
        this.definitionChunkSize = definitionChunkSize;
        this.locationCount = locationCount;
    }

    /**
     * Opens the archive whose anchor file is {@code anchor} ({@code NAME.otf2}) and reads its
     * global definitions ({@code NAME.def} beside it).
     *
     * @throws Otf2FormatException naming the file and byte of what cannot be read
     */
    public static Otf2Archive open(Path anchor) {
        if (Files.isDirectory(anchor)) {
            try (var list = Files.list(anchor)) {
                List<Path> found = list.filter(p -> p.getFileName().toString().endsWith(".otf2")).sorted().toList();
                if (found.size() == 1) {
                    anchor = found.get(0);
                } else {
                    throw new Otf2FormatException(anchor + " is a folder with " + found.size() + " anchor files (*.otf2);"
                            + " give the anchor file of the archive to import, e.g. " + anchor.resolve("traces.otf2"));
                }
            } catch (java.io.IOException e) {
                throw new Otf2FormatException("cannot list " + anchor + ": " + e.getMessage(), e);
            }
        }
        if (!anchor.getFileName().toString().endsWith(".otf2")) {
            throw new Otf2FormatException(anchor + " is not an OTF2 anchor file; give the archive's NAME.otf2 (Score-P"
                    + " writes scorep-*/traces.otf2)");
        }
        Otf2Input in = Otf2Input.open(anchor, 0);
        String magic = in.string();
        if (!magic.equals("OTF2")) {
            throw in.fail("not an OTF2 anchor file: the magic string is '" + magic + "', expected 'OTF2'");
        }
        int anchorFormat = in.u8();
        if (anchorFormat == 0) {
            throw in.fail("anchor format 0 is not valid");
        }
        int traceFormat = in.u8();
        if (traceFormat != 2) {
            throw in.fail("trace format " + traceFormat + " is not the one read here (2, written by OTF2 1.x to 3.x);"
                    + " convert the archive with that version's otf2 tools");
        }
        String version = in.u8() + "." + in.u8() + "." + in.u8();
        long eventChunk = in.u64Full();
        long defChunk = in.u64Full();
        int substrate = in.u8();
        if (substrate != SUBSTRATE_POSIX) {
            throw in.fail("the archive uses file substrate " + substrate + (substrate == 2 ? " (SION)" : "")
                    + "; only the POSIX substrate (one file per location) is read; rewrite the archive with"
                    + " OTF2_SUBSTRATE_POSIX (Score-P: SCOREP_TRACING_USE_SIONLIB=false)");
        }
        int compression = in.u8();
        if (compression != COMPRESSION_NONE) {
            throw in.fail("the archive is compressed (compression " + compression + "); only uncompressed archives"
                    + " are read; rewrite it without compression");
        }
        long locations = in.u64Full();
        in.u64Full(); // number of global definitions
        if (eventChunk <= 0 || defChunk <= 0 || eventChunk > Integer.MAX_VALUE || defChunk > Integer.MAX_VALUE) {
            throw in.fail("chunk sizes " + eventChunk + " and " + defChunk + " are not valid");
        }
        Otf2Archive archive = new Otf2Archive(anchor, version, eventChunk, defChunk, locations);
        archive.readGlobalDefinitions();
        return archive;
    }

    /** The anchor file. */
    public Path anchor() {
        return anchor;
    }

    /** The OTF2 version that wrote the archive, e.g. {@code 3.0.2}. */
    public String version() {
        return version;
    }

    /** Timer ticks per second. */
    public long timerResolution() {
        return timerResolution;
    }

    /** The number of locations the anchor file declares. */
    public long locationCount() {
        return locationCount;
    }

    /** The locations of the global definitions, in definition order. */
    public List<Location> locations() {
        return List.copyOf(locations.values());
    }

    Map<Long, Region> regions() {
        return Collections.unmodifiableMap(regions);
    }

    Map<Long, Group> groups() {
        return Collections.unmodifiableMap(groups);
    }

    Map<Long, Comm> comms() {
        return Collections.unmodifiableMap(comms);
    }

    String string(long ref) {
        return strings.getOrDefault(ref, ref == Otf2Input.UNDEFINED || ref == 0xFFFF_FFFFL ? "" : "#" + ref);
    }

    private Path definitions() {
        return directory.resolve(name + ".def");
    }

    private void readGlobalDefinitions() {
        Otf2Input in = Otf2Input.open(definitions(), definitionChunkSize);
        for (int type = in.nextDefinition(); type >= 0; type = in.nextDefinition()) {
            int end = in.recordEnd();
            switch (type) {
                case 5 -> timerResolution = in.u64(); // ClockProperties: timerResolution, globalOffset, traceLength
                case 10 -> { // String: self, string
                    long self = in.u32();
                    strings.put(self, in.string());
                }
                case 14 -> { // Location: self (u64), name, locationType, numberOfEvents, locationGroup
                    long self = in.u64();
                    long nameRef = in.u32();
                    int locationType = in.u8();
                    long events = in.u64();
                    long group = in.u32();
                    locations.put(self, new Location(self, string(nameRef), locationType, events, group));
                }
                case 15 -> { // Region: self, name, description, regionType, sourceFile, begin, end; since 1.1 more
                    long self = in.u32();
                    long nameRef = in.u32();
                    in.u32(); // description
                    in.u8(); // regionType (before 1.1)
                    in.u32(); // sourceFile
                    in.u32(); // beginLineNumber
                    in.u32(); // endLineNumber
                    int paradigm = -1;
                    if (in.position() < end) {
                        in.u32(); // canonicalName
                        in.u8(); // regionRole
                        paradigm = in.u8();
                    }
                    regions.put(self, new Region(self, string(nameRef), paradigm));
                }
                case 18 -> { // Group: self, name, groupType (before 1.2), members; since 1.2 groupType, paradigm, flags
                    long self = in.u32();
                    long nameRef = in.u32();
                    in.u8();
                    long count = in.u32();
                    if (count > end - in.position()) {
                        throw in.fail("group " + self + " declares " + count + " members, more than its record holds");
                    }
                    long[] members = new long[(int) count];
                    for (int i = 0; i < members.length; i++) {
                        members[i] = in.u64();
                    }
                    int groupType = -1;
                    int paradigm = -1;
                    if (in.position() < end) {
                        groupType = in.u8();
                        paradigm = in.u8();
                    }
                    groups.put(self, new Group(self, string(nameRef), groupType, paradigm, members));
                }
                case 22 -> { // Comm: self, name, group, parent
                    long self = in.u32();
                    long nameRef = in.u32();
                    long group = in.u32();
                    comms.put(self, new Comm(self, string(nameRef), group));
                }
                default -> {
                    // a definition Fabrica does not need
                }
            }
            in.position(end);
        }
        if (timerResolution <= 0) {
            throw new Otf2FormatException(definitions() + ": no clock properties (timer resolution); the global"
                    + " definitions are incomplete");
        }
    }

    /** One MPI-related event record of a location; times in timer ticks. */
    sealed interface Event {
        long time();
    }

    record Enter(long time, long region) implements Event {
    }

    record Leave(long time, long region) implements Event {
    }

    record Send(long time, long peer, long comm, long tag, long bytes, long request, boolean blocking)
            implements Event {
    }

    record Receive(long time, long peer, long comm, long tag, long bytes, long request, boolean blocking)
            implements Event {
    }

    record SendComplete(long time, long request) implements Event {
    }

    record ReceivePosted(long time, long request) implements Event {
    }

    record Cancelled(long time, long request) implements Event {
    }

    record Collective(long time, int op, long comm, long root, long sent, long received) implements Event {
    }

    /**
     * The MPI-related events of {@code location} in the order recorded, with local identifiers of
     * regions and communicators mapped to global ones by the location's mapping tables.
     */
    List<Event> events(long location) {
        Map<Integer, IdMap> maps = readMappings(location);
        IdMap regionMap = maps.getOrDefault(MAPPING_REGION, IdMap.IDENTITY);
        IdMap commMap = maps.getOrDefault(MAPPING_COMM, IdMap.IDENTITY);
        Path file = directory.resolve(name).resolve(location + ".evt");
        Otf2Input in = Otf2Input.open(file, eventChunkSize);
        List<Event> events = new ArrayList<>();
        long time = 0;
        while (true) {
            if (in.atEnd()) {
                throw in.fail("the events end without an end-of-file record; the archive is truncated");
            }
            int type = in.u8();
            switch (type) {
                case Otf2Input.END_OF_CHUNK -> {
                    if (!in.nextChunk()) {
                        return events;
                    }
                }
                case Otf2Input.END_OF_FILE, Otf2Input.END_OF_BUFFER -> {
                    return events;
                }
                case Otf2Input.TIMESTAMP -> time = in.u64Full();
                case 12 -> events.add(new Enter(time, regionMap.map(in.u32())));
                case 13 -> events.add(new Leave(time, regionMap.map(in.u32())));
                case 16 -> events.add(new SendComplete(time, in.u64()));
                case 17 -> events.add(new ReceivePosted(time, in.u64()));
                case 21 -> events.add(new Cancelled(time, in.u64()));
                // other singletons: one compressed attribute and no record length (OTF2 1.1): MpiRequestTest,
                // OmpFork, OmpTaskCreate, OmpTaskSwitch, OmpTaskComplete
                case 20, 24, 28, 29, 30 -> in.skipCompressed();
                default -> {
                    int end = in.recordEnd();
                    switch (type) {
                        case 14 -> events.add(new Send(time, in.u32(), commMap.map(in.u32()), in.u32(), in.u64(), -1,
                                true));
                        case 15 -> events.add(new Send(time, in.u32(), commMap.map(in.u32()), in.u32(), in.u64(),
                                in.u64(), false));
                        case 18 -> events.add(new Receive(time, in.u32(), commMap.map(in.u32()), in.u32(), in.u64(),
                                -1, true));
                        case 19 -> events.add(new Receive(time, in.u32(), commMap.map(in.u32()), in.u32(), in.u64(),
                                in.u64(), false));
                        case 23 -> events.add(new Collective(time, in.u8(), commMap.map(in.u32()), in.u32(), in.u64(),
                                in.u64()));
                        default -> {
                            // attribute list (6), collective begin (22), and every record Fabrica does not need
                        }
                    }
                    in.position(end);
                }
            }
        }
    }

    /** The mapping tables of a location's local definitions ({@code NAME/<location>.def}), if any. */
    private Map<Integer, IdMap> readMappings(long location) {
        Path file = directory.resolve(name).resolve(location + ".def");
        Map<Integer, IdMap> maps = new HashMap<>();
        if (!Files.exists(file)) {
            return maps;
        }
        Otf2Input in = Otf2Input.open(file, definitionChunkSize);
        for (int type = in.nextDefinition(); type >= 0; type = in.nextDefinition()) {
            int end = in.recordEnd();
            if (type == 5) { // MappingTable: mappingType, idMap
                int mappingType = in.u8();
                maps.put(mappingType, IdMap.read(in));
            }
            in.position(end);
        }
        return maps;
    }

    /** OTF2's map from local to global identifiers; identifiers it does not hold map to themselves. */
    record IdMap(long[] dense, Map<Long, Long> sparse) {
        static final IdMap IDENTITY = new IdMap(new long[0], Map.of());

        static IdMap read(Otf2Input in) {
            long size = in.u64();
            int mode = in.u8();
            if (size < 0 || size > Integer.MAX_VALUE) {
                throw in.fail("an id map of " + size + " entries");
            }
            if (mode == 0) {
                long[] dense = new long[(int) size];
                for (int i = 0; i < dense.length; i++) {
                    dense[i] = in.u64();
                }
                return new IdMap(dense, Map.of());
            }
            Map<Long, Long> sparse = new HashMap<>();
            for (long i = 0; i < size; i++) {
                long local = in.u64();
                sparse.put(local, in.u64());
            }
            return new IdMap(new long[0], sparse);
        }

        long map(long local) {
            if (local >= 0 && local < dense.length) {
                return dense[(int) local];
            }
            return sparse.getOrDefault(local, local);
        }
    }
}
