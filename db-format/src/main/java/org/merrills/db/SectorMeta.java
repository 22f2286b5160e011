package org.merrills.db;

import java.time.Instant;

/**
 * What the catalogue records about a solved sector. The solver fills the counts and the run's
 * facts; {@link SectorWriter#commit} fills the status, rules, entry count, file checksum and format
 * version.
 *
 * @param status        {@link #COMPLETE}: a row exists only once its file is whole and in place
 * @param ruleFingerprint the rules the sector was solved under
 * @param entries       length of the value array (the index size, holes included)
 * @param positions     distinct positions up to symmetry: entries minus holes
 * @param wins          positions (of {@code positions}) won by the side to move
 * @param losses        positions lost by the side to move
 * @param draws         drawn positions
 * @param longestWin    the longest win in plies, -1 if there is none
 * @param longestLoss   the longest loss in plies, -1 if there is none
 * @param fileChecksum  the file's CRC32C (its footer's file checksum), unsigned
 * @param formatVersion the sector file format version
 * @param solverVersion the version of the program that solved it
 * @param wallMillis    wall-clock time of the solve
 * @param threads       threads the solve used
 * @param finishedAt    when the sector was committed, epoch milliseconds
 */
public record SectorMeta(String status, String ruleFingerprint, long entries, long positions, long wins,
                         long losses, long draws, int longestWin, int longestLoss, long fileChecksum,
                         int formatVersion, String solverVersion, long wallMillis, int threads, long finishedAt) {

    /** The status of a catalogued sector. */
    public static final String COMPLETE = "complete";

    public SectorMeta {
        if (status == null || ruleFingerprint == null || solverVersion == null) {
            throw new IllegalArgumentException("status, ruleFingerprint and solverVersion must not be null");
        }
    }

    /**
     * The solver's part of a row; {@link SectorWriter#commit} completes the rest, and the finish
     * time is set to now.
     */
    public static SectorMeta solved(long positions, long wins, long losses, long draws, int longestWin,
                                    int longestLoss, String solverVersion, long wallMillis, int threads) {
        return new SectorMeta(COMPLETE, "", 0, positions, wins, losses, draws, longestWin, longestLoss, 0, 0,
            solverVersion, wallMillis, threads, System.currentTimeMillis());
    }

    /** This row with the facts only the file knows. */
    SectorMeta committed(String fingerprint, long fileEntries, long checksum, int version) {
        return new SectorMeta(COMPLETE, fingerprint, fileEntries, positions, wins, losses, draws, longestWin,
            longestLoss, checksum, version, solverVersion, wallMillis, threads, finishedAt);
    }

    public boolean isComplete() {
        return COMPLETE.equals(status);
    }

    public Instant finishedInstant() {
        return Instant.ofEpochMilli(finishedAt);
    }
}
