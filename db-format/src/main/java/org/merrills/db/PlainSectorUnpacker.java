package org.merrills.db;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Writes the plain file ({@link SectorFileFormat}) of a sector's values into a temporary file,
 * streaming: header, data, tail, forced to disk. The bytes are composed by {@link PlainImage}, as
 * the solver's own files are, so the result is the original plain file byte for byte; a checksum
 * other than the source's is refused here, and the database checks the file again before
 * renaming it into place.
 */
final class PlainSectorUnpacker {
    private static final int CHUNK = 1 << 20;

    private PlainSectorUnpacker() {
    }

    /** Unpacks {@code source} into {@code temp} (replaced); returns the plain file's length. */
    static long write(SectorReader source, Path temp) {
        SectorHeader header = source.header().asPlain(source.plainVersion());
        PlainImage image = new PlainImage(header, source.overflowIndexes(), source.overflowValues());
        try {
            Files.deleteIfExists(temp);
            try (FileChannel ch = FileChannel.open(temp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                long at = 0;
                at = write(ch, ByteBuffer.wrap(image.headerBytes()), at);
                byte[] codes = new byte[CHUNK];
                for (long start = 0; start < source.entries(); start += CHUNK) {
                    int n = (int) Math.min(CHUNK, source.entries() - start);
                    source.readCodes(start, codes, n);
                    image.add(codes, n);
                    at = write(ch, ByteBuffer.wrap(codes, 0, n), at);
                }
                ByteBuffer tail = image.finish();
                at = write(ch, tail, at);
                if (image.fileChecksum() != source.fileChecksum()) {
                    throw new SectorFileException(source.file(), SectorFileException.Problem.FILE_CHECKSUM, String.format(
                        "its values make a plain file of checksum %08x, it records %08x", image.fileChecksum(),
                        source.fileChecksum()));
                }
                ch.force(true);
                return at;
            }
        } catch (IOException e) {
            throw DatabaseException.cannotWrite(temp, e);
        }
    }

    private static long write(FileChannel ch, ByteBuffer b, long at) throws IOException {
        long end = at + b.remaining();
        PackedSectorWriter.writeFully(ch, b, at);
        return end;
    }
}
