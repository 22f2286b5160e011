package org.merrills.db;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.zip.CRC32C;

/**
 * The sectors an earlier {@code verify} found right, in {@value #FILE_NAME} in the database
 * directory, so that a full check which outlives its session (the standard game takes hours on
 * two cores) goes on where it stopped instead of starting again.
 *
 * <p>An entry holds only for the bytes it was checked against: its {@code evidence} is a
 * checksum of the file checksums of the sector and of every sector its values were recomputed
 * from ({@link #evidence}). Change the values of any of them and the evidence no longer matches,
 * so the sector is checked again. (A packed file names its plain file's checksum, so packing,
 * which keeps the values, keeps the evidence too.) Only sectors found wholly right are entered.
 *
 * <p>The file is US-ASCII text, one fact per line:
 * <pre>
 * merrills-verify-journal 1
 * rules &lt;rule fingerprint&gt;
 * &lt;sector&gt; &lt;evidence, hex&gt; &lt;positions checked&gt; &lt;milliseconds&gt; &lt;finished, epoch ms&gt;
 * ...
 * end crc32c=&lt;hex CRC32C of every byte before this line&gt;
 * </pre>
 * Each update rewrites it whole to a temporary name, forces it and renames it, so a crash leaves
 * the old journal or the new one. A journal that fails its checksum, another version's, or one
 * for other rules is ignored (and replaced on the next update): at worst a sector is checked twice.
 */
public final class VerifyJournal {
    public static final String FILE_NAME = "verify.journal";
    static final String MAGIC = "merrills-verify-journal";
    static final int VERSION = 1;

    /** One sector found right: its evidence, how many positions, how long it took, when. */
    public record Entry(String sector, long evidence, long positions, long millis, long finishedAt) {
    }

    private final Path dir;
    private final String ruleFingerprint;
    private final Map<String, Entry> entries;
    private final String note;

    private VerifyJournal(Path dir, String ruleFingerprint, Map<String, Entry> entries, String note) {
        this.dir = dir;
        this.ruleFingerprint = ruleFingerprint;
        this.entries = entries;
        this.note = note;
    }

    /** An empty journal for {@code dir}: the first update replaces whatever file is there. */
    public static VerifyJournal fresh(Path dir, String ruleFingerprint) {
        return new VerifyJournal(dir, ruleFingerprint, new LinkedHashMap<>(), null);
    }

    /**
     * The journal of {@code dir} for these rules: empty when there is no file, and empty with a
     * {@link #note()} saying why when the file is damaged, of another version or other rules.
     */
    public static VerifyJournal load(Path dir, String ruleFingerprint) {
        Path file = dir.resolve(FILE_NAME);
        String text;
        try {
            text = Files.readString(file, StandardCharsets.US_ASCII);
        } catch (NoSuchFileException e) {
            return fresh(dir, ruleFingerprint);
        } catch (IOException | RuntimeException e) {
            return ignored(dir, ruleFingerprint, file + " cannot be read (" + e.getMessage() + ")");
        }
        int end = text.lastIndexOf("end crc32c=");
        if (end < 0 || (end > 0 && text.charAt(end - 1) != '\n')) {
            return ignored(dir, ruleFingerprint, file + " has no end line (cut short?)");
        }
        String body = text.substring(0, end);
        long want;
        try {
            want = Long.parseLong(text.substring(end + "end crc32c=".length()).trim(), 16);
        } catch (NumberFormatException e) {
            return ignored(dir, ruleFingerprint, file + " has an unreadable end line");
        }
        if (crcOf(body) != want) {
            return ignored(dir, ruleFingerprint, file + " fails its checksum");
        }
        String[] lines = body.split("\n");
        if (lines.length < 2 || !lines[0].equals(MAGIC + " " + VERSION)) {
            return ignored(dir, ruleFingerprint, file + " is not a version " + VERSION + " verify journal");
        }
        if (!lines[1].equals("rules " + ruleFingerprint)) {
            return ignored(dir, ruleFingerprint, file + " is for other rules (" + lines[1] + ")");
        }
        Map<String, Entry> entries = new LinkedHashMap<>();
        for (int i = 2; i < lines.length; i++) {
            String[] f = lines[i].split(" ");
            try {
                if (f.length != 5) {
                    throw new NumberFormatException("5 fields expected");
                }
                entries.put(f[0], new Entry(f[0], Long.parseUnsignedLong(f[1], 16), Long.parseLong(f[2]),
                    Long.parseLong(f[3]), Long.parseLong(f[4])));
            } catch (NumberFormatException e) {
                return ignored(dir, ruleFingerprint, file + " line " + (i + 1) + " is unreadable: " + lines[i]);
            }
        }
        return new VerifyJournal(dir, ruleFingerprint, entries, null);
    }

    private static VerifyJournal ignored(Path dir, String ruleFingerprint, String why) {
        return new VerifyJournal(dir, ruleFingerprint, new LinkedHashMap<>(), why + "; every sector is checked again");
    }

    /** Why an existing journal was ignored, or null. */
    public String note() {
        return note;
    }

    /** The entry of {@code sector} if it was found right against exactly {@code evidence}, else null. */
    public Entry verified(String sector, long evidence) {
        Entry e = entries.get(sector);
        return e != null && e.evidence() == evidence ? e : null;
    }

    public Map<String, Entry> entries() {
        return Collections.unmodifiableMap(entries);
    }

    /**
     * Enters a sector found right and rewrites the file (temporary name, forced, renamed).
     *
     * @throws DatabaseException if the directory cannot take the file (read-only, disk full)
     */
    public void record(Entry entry) {
        entries.put(entry.sector(), entry);
        StringBuilder b = new StringBuilder();
        b.append(MAGIC).append(' ').append(VERSION).append('\n');
        b.append("rules ").append(ruleFingerprint).append('\n');
        for (Entry e : entries.values()) {
            b.append(String.format(Locale.ROOT, "%s %016x %d %d %d%n", e.sector(), e.evidence(), e.positions(),
                e.millis(), e.finishedAt()));
        }
        String body = b.toString();
        String text = body + String.format(Locale.ROOT, "end crc32c=%08x%n", crcOf(body));
        Path temp = dir.resolve(FILE_NAME + ".tmp-" + ProcessHandle.current().pid());
        try {
            try (FileChannel ch = FileChannel.open(temp, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
                ByteBuffer bytes = ByteBuffer.wrap(text.getBytes(StandardCharsets.US_ASCII));
                while (bytes.hasRemaining()) {
                    ch.write(bytes);
                }
                ch.force(true);
            }
            Files.move(temp, dir.resolve(FILE_NAME), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            try {
                Files.deleteIfExists(temp);
            } catch (IOException ignored) {
                // the temporary name is what is left; the journal itself is untouched
            }
            throw new DatabaseException(DatabaseException.isNoSpace(e) ? DatabaseException.Kind.NO_SPACE
                : DatabaseException.Kind.UNUSABLE, "cannot write the verify journal in " + dir + ": " + e, e);
        }
    }

    /**
     * The evidence a check rests on: a checksum of the file checksums of the sector checked and of
     * every sector it read, in the order given (the caller keeps it fixed).
     */
    public static long evidence(long... fileChecksums) {
        CRC32C crc = new CRC32C();
        ByteBuffer b = ByteBuffer.allocate(8);
        for (long c : fileChecksums) {
            b.clear();
            b.putLong(c);
            crc.update(b.array(), 0, 8);
        }
        // the count too, so that a sector gaining or losing a child never matches by accident
        return crc.getValue() << 32 | fileChecksums.length;
    }

    private static long crcOf(String body) {
        CRC32C crc = new CRC32C();
        byte[] bytes = body.getBytes(StandardCharsets.US_ASCII);
        crc.update(bytes, 0, bytes.length);
        return crc.getValue();
    }
}
