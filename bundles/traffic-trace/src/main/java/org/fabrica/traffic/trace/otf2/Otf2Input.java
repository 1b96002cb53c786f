package org.fabrica.traffic.trace.otf2;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * One OTF2 file in memory and a read position: the encoding of OTF2's buffer layer
 * (docs/traces.md, "The OTF2 layout read"). A file starts with a chunk header: the byte 3, the
 * endianness byte (0x42 little, 0x23 big) and, in chunked files, the first and last event numbers
 * as two full 8-byte integers. Integers are compressed: a length byte 0 to 8 followed by that many
 * low-order bytes in the file's byte order, 0 meaning the value 0 and 0xFF the undefined value (all
 * bits set). Chunked files (events, definitions) are cut into chunks of a size the anchor file
 * gives; a chunk ends with the byte 0 and the next starts at the next multiple of the chunk size.
 */
final class Otf2Input {
    static final int END_OF_CHUNK = 0;
    static final int END_OF_BUFFER = 1;
    static final int END_OF_FILE = 2;
    static final int CHUNK_HEADER = 3;
    static final int TIMESTAMP = 5;
    static final int LITTLE_ENDIAN = 0x42;
    static final int BIG_ENDIAN = 0x23;
    static final long UNDEFINED = -1L;

    private final Path file;
    private final byte[] bytes;
    private final long chunkSize;
    private int pos;
    private int chunk;
    private boolean little = true;

    private Otf2Input(Path file, byte[] bytes, long chunkSize) {
        this.file = file;
        this.bytes = bytes;
        this.chunkSize = chunkSize;
    }

    /**
     * Reads {@code file} and its chunk header.
     *
     * @param chunkSize the chunk size of a chunked file, 0 for the anchor file (not chunked)
     */
    static Otf2Input open(Path file, long chunkSize) {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw new Otf2FormatException(file + ": no such file; an OTF2 archive is the anchor file NAME.otf2 with"
                    + " NAME.def and the folder NAME/ beside it, copy all three");
        } catch (IOException e) {
            throw new Otf2FormatException(file + ": cannot read: " + e.getMessage(), e);
        }
        Otf2Input in = new Otf2Input(file, bytes, chunkSize);
        in.header();
        return in;
    }

    /** Reads from bytes already in memory (tests). */
    static Otf2Input of(Path file, byte[] bytes, long chunkSize) {
        Otf2Input in = new Otf2Input(file, bytes, chunkSize);
        in.header();
        return in;
    }

    Path file() {
        return file;
    }

    int position() {
        return pos;
    }

    void position(int position) {
        if (position < 0 || position > bytes.length) {
            throw fail("a record runs past the end of the file (to byte " + position + " of " + bytes.length + ")");
        }
        pos = position;
    }

    private void header() {
        int start = pos;
        int type = u8();
        if (type != CHUNK_HEADER) {
            throw failAt(start, "not an OTF2 file: expected a chunk header (byte 3), found " + type);
        }
        int endianness = u8();
        if (endianness != LITTLE_ENDIAN && endianness != BIG_ENDIAN) {
            throw failAt(start + 1, "invalid endianness byte 0x" + Integer.toHexString(endianness)
                    + "; expected 0x42 (little endian) or 0x23 (big endian)");
        }
        little = endianness == LITTLE_ENDIAN;
        if (chunkSize > 0) {
            u64Full(); // number of the chunk's first event
            u64Full(); // and of its last
        }
    }

    /**
     * At the byte 0 that ends a chunk (already read): moves to the next chunk's first record.
     *
     * @return false at the end of the file
     */
    boolean nextChunk() {
        if (chunkSize <= 0) {
            throw fail("an end-of-chunk marker in a file that is not chunked");
        }
        long next = (chunk + 1L) * chunkSize;
        if (next >= bytes.length) {
            return false;
        }
        chunk++;
        pos = (int) next;
        header();
        return true;
    }

    boolean atEnd() {
        return pos >= bytes.length;
    }

    /**
     * The type byte of the next record of a definitions file, moving on at the end of a chunk;
     * -1 at the end of the file.
     */
    int nextDefinition() {
        while (true) {
            if (atEnd()) {
                throw fail("the file ends without an end-of-file record; the archive is truncated");
            }
            int type = u8();
            if (type == END_OF_CHUNK) {
                if (!nextChunk()) {
                    return -1;
                }
            } else if (type == END_OF_FILE || type == END_OF_BUFFER) {
                return -1;
            } else {
                return type;
            }
        }
    }

    int u8() {
        need(1);
        return bytes[pos++] & 0xFF;
    }

    /** A compressed unsigned 32-bit integer; {@link #UNDEFINED} for OTF2's undefined value. */
    long u32() {
        return compressed(4);
    }

    /** A compressed unsigned 64-bit integer (as a long's bits); {@link #UNDEFINED} for undefined. */
    long u64() {
        return compressed(8);
    }

    private long compressed(int width) {
        int at = pos;
        int size = u8();
        if (size == 0) {
            return 0;
        }
        if (size == 0xFF) {
            return width == 4 ? 0xFFFF_FFFFL : UNDEFINED;
        }
        if (size > width) {
            throw failAt(at, "invalid length byte " + size + " of a compressed " + (width * 8) + "-bit integer");
        }
        need(size);
        long v = 0;
        for (int i = 0; i < size; i++) {
            long b = bytes[pos + i] & 0xFFL;
            v |= little ? b << (8 * i) : b << (8 * (size - 1 - i));
        }
        pos += size;
        return v;
    }

    /** A full (not compressed) 8-byte integer in the file's byte order. */
    long u64Full() {
        need(8);
        long v = 0;
        for (int i = 0; i < 8; i++) {
            long b = bytes[pos + i] & 0xFFL;
            v |= little ? b << (8 * i) : b << (8 * (7 - i));
        }
        pos += 8;
        return v;
    }

    /** A zero-terminated UTF-8 string. */
    String string() {
        int end = pos;
        while (end < bytes.length && bytes[end] != 0) {
            end++;
        }
        if (end >= bytes.length) {
            throw fail("a string without its terminating zero byte");
        }
        String s = new String(bytes, pos, end - pos, StandardCharsets.UTF_8);
        pos = end + 1;
        return s;
    }

    /**
     * The length of the record whose type byte was just read: one byte, or 0xFF and a full 8-byte
     * length. Returns the position of the record's end.
     */
    int recordEnd() {
        int length = u8();
        long len = length == 0xFF ? u64Full() : length;
        long end = pos + len;
        if (len < 0 || end > bytes.length) {
            throw fail("a record of " + len + " bytes runs past the end of the file");
        }
        return (int) end;
    }

    /** Skips one compressed integer (the only attribute of a singleton event record). */
    void skipCompressed() {
        int at = pos;
        int size = u8();
        if (size != 0 && size != 0xFF) {
            if (size > 8) {
                throw failAt(at, "invalid length byte " + size + " of a compressed integer");
            }
            need(size);
            pos += size;
        }
    }

    private void need(int n) {
        if (pos + n > bytes.length) {
            throw fail("the file ends in the middle of a record; the archive is truncated (was the traced program"
                    + " stopped before it finalised the trace?)");
        }
    }

    Otf2FormatException fail(String problem) {
        return failAt(pos, problem);
    }

    Otf2FormatException failAt(int offset, String problem) {
        return new Otf2FormatException(file + ": byte " + offset + ": " + problem);
    }
}
