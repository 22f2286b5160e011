package org.merrills.db;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;
import java.util.zip.CRC32C;

/**
 * The checksum and length of the catalogue file as its writer last left it, in
 * {@value #FILE_NAME} ({@code crc32c=<hex> length=<bytes>}, written to a temporary name and
 * renamed). Chronicle Map trusts its file: a zeroed one makes it wait for ever for a header
 * "being initialised", and damage in its segments can crash the JVM. So no process opens a
 * catalogue without first holding a private copy whose bytes match the seal, or, for a
 * catalogue of an older version without a seal, a copy it recovers by itself.
 */
record CatalogueSeal(long crc, long length) {
    static final String FILE_NAME = "catalogue.seal";

    /** The seal of {@code dir}, or null if there is none or it is unreadable. */
    static CatalogueSeal read(Path dir) {
        try {
            String text = Files.readString(dir.resolve(FILE_NAME), StandardCharsets.US_ASCII).trim();
            String[] parts = text.split(" ");
            if (parts.length != 2 || !parts[0].startsWith("crc32c=") || !parts[1].startsWith("length=")) {
                return null;
            }
            return new CatalogueSeal(Long.parseLong(parts[0].substring(7), 16), Long.parseLong(parts[1].substring(7)));
        } catch (NoSuchFileException e) {
            return null;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** Seals the catalogue file of {@code dir} as it is now (its writer holds it quiescent). */
    static void write(Path dir) {
        Path catalogue = dir.resolve(Catalogue.FILE_NAME);
        Path temp = dir.resolve(FILE_NAME + ".tmp-" + ProcessHandle.current().pid());
        try {
            CatalogueSeal seal = of(catalogue, null);
            Files.writeString(temp, String.format(Locale.ROOT, "crc32c=%08x length=%d%n", seal.crc, seal.length),
                StandardCharsets.US_ASCII);
            Files.move(temp, dir.resolve(FILE_NAME), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new DatabaseException(DatabaseException.isNoSpace(e) ? DatabaseException.Kind.NO_SPACE
                : DatabaseException.Kind.UNUSABLE, "cannot seal the catalogue of " + dir + ": " + e.getMessage(), e);
        }
    }

    /** The seal of {@code file}'s bytes, copying them to {@code copy} on the way when it is not null. */
    static CatalogueSeal of(Path file, Path copy) throws IOException {
        CRC32C crc = new CRC32C();
        long length = 0;
        byte[] buffer = new byte[1 << 16];
        try (InputStream in = Files.newInputStream(file);
             OutputStream out = copy == null ? OutputStream.nullOutputStream() : Files.newOutputStream(copy)) {
            for (int n; (n = in.read(buffer)) > 0; ) {
                crc.update(buffer, 0, n);
                out.write(buffer, 0, n);
                length += n;
            }
        }
        return new CatalogueSeal(crc.getValue(), length);
    }
}
