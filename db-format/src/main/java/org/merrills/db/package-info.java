/**
 * Every byte Merrills writes to disk. A database is a directory of sector files (one per solved
 * sector, layout in {@link org.merrills.db.SectorFileFormat}, values encoded by
 * {@link org.merrills.db.Value}) and a catalogue of what they hold ({@link org.merrills.db.SectorMeta}).
 * This package knows nothing of the rules: sector names and rule fingerprints are plain strings.
 *
 * <pre>{@code
 * try (Database db = Database.open(Path.of("db"), variant.fingerprint(), true)) {
 *     SectorWriter w = db.create("8-8-0-0", index.size());
 *     w.put(rank, value);                      // from any number of threads, distinct ranks
 *     w.commit(SectorMeta.solved(positions, wins, losses, draws, longestWin, longestLoss,
 *                                version, wallMillis, threads));
 *     int v = db.reader("8-8-0-0").value(rank); // Value.DRAW or the distance in plies
 * }
 * }</pre>
 */
package org.merrills.db;
