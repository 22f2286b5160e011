package org.merrills.db;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The two kinds of sector file, told apart by their first eight bytes: plain
 * ({@link SectorFileFormat}, one byte per entry, what {@code solve} writes) and packed
 * ({@link PackedFileFormat}, compressed blocks, what {@code pack} writes).
 */
public enum FileKind {
    PLAIN(SectorFileFormat.MAGIC, "MERRILLS", SectorFileFormat.MIN_VERSION, SectorFileFormat.VERSION),
    PACKED(PackedFileFormat.MAGIC, "MERRPACK", PackedFileFormat.MIN_VERSION, PackedFileFormat.VERSION);

    final long magic;
    final String magicText;
    final int minVersion;
    final int version;

    FileKind(long magic, String magicText, int minVersion, int version) {
        this.magic = magic;
        this.magicText = magicText;
        this.minVersion = minVersion;
        this.version = version;
    }

    /** The kind whose magic is {@code magic}, or null. */
    static FileKind ofMagic(long magic) {
        for (FileKind k : values()) {
            if (k.magic == magic) {
                return k;
            }
        }
        return null;
    }

    /**
     * The kind of the file at {@code file} by its magic, or null when it starts with neither (or
     * is shorter than eight bytes); nothing else of the file is checked.
     */
    public static FileKind of(Path file) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            return of(ch);
        }
    }

    /** The same, of an open file. */
    static FileKind of(FileChannel ch) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(8).order(SectorFileFormat.ORDER);
        while (b.hasRemaining() && ch.read(b, b.position()) >= 0) {
            // read until full or end of file
        }
        return b.hasRemaining() ? null : ofMagic(b.getLong(0));
    }
}
