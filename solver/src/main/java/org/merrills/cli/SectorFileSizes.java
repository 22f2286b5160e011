package org.merrills.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.merrills.db.FileKind;
import org.merrills.db.SectorFileFormat;

/**
 * What {@code merrills stats} shows of the sector files themselves: each file's size and kind
 * (plain or packed, by its magic) and bits per position, and the totals.
 */
final class SectorFileSizes {
    /** One sector file: {@code bytes} -1 when it is missing. */
    record File(long bytes, String kind, String bitsPerPosition) {
    }

    private long bytes;
    private int packed;
    private int plain;

    /** Looks at the file of {@code sector} in {@code dir} and adds it to the totals. */
    File add(Path dir, String sector, long positions) {
        Path file = dir.resolve(SectorFileFormat.fileName(sector));
        try {
            long size = Files.size(file);
            FileKind kind = FileKind.of(file);
            bytes += size;
            if (kind == FileKind.PACKED) {
                packed++;
            } else if (kind == FileKind.PLAIN) {
                plain++;
            }
            return new File(size, kind == null ? "?" : kind.name().toLowerCase(Locale.ROOT), bits(size, positions));
        } catch (IOException e) {
            return new File(-1, "none", "-");
        }
    }

    long bytes() {
        return bytes;
    }

    int packed() {
        return packed;
    }

    int plain() {
        return plain;
    }

    String bitsPerPosition(long positions) {
        return bits(bytes, positions);
    }

    private static String bits(long bytes, long positions) {
        return positions <= 0 ? "-" : String.format(Locale.ROOT, "%.4f", 8.0 * bytes / positions);
    }
}
