package org.merrills.bench;

import com.github.luben.zstd.Zstd;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.SortedMap;
import org.merrills.db.Database;
import org.merrills.db.SectorMeta;
import org.merrills.db.SectorReader;
import org.merrills.db.Value;

/**
 * The encoding study behind the packed format's choices (README, "Packed databases"): for each
 * zstd level and block size given, the bits per position of a solved database's byte codes
 * compressed block by block as {@code merrills pack} does, and of the same blocks split into a
 * win/draw/loss plane (2 bits per position) and a plane of the decided positions' distances,
 * each compressed on its own (the win/draw/loss plane alone is what a database without distances
 * would take).
 *
 * <pre>
 * java &lt;merrills.jvm.flags&gt; -cp bench/target/benchmarks.jar org.merrills.bench.PackingStudy DIR 32768,65536 3,9
 * </pre>
 */
public final class PackingStudy {
    private PackingStudy() {
    }

    public static void main(String[] args) {
        Path dir = Path.of(args[0]);
        int[] blocks = Arrays.stream(args[1].split(",")).mapToInt(Integer::parseInt).toArray();
        int[] levels = Arrays.stream(args[2].split(",")).mapToInt(Integer::parseInt).toArray();
        SortedMap<String, SectorMeta> rows = Database.readCatalogue(dir);
        String rules = rows.values().iterator().next().ruleFingerprint();
        long positions = rows.values().stream().mapToLong(SectorMeta::positions).sum();
        try (Database db = Database.open(dir, rules, false)) {
            for (int level : levels) {
                for (int blockSize : blocks) {
                    long raw = 0, wdl = 0, distances = 0;
                    for (String sector : rows.keySet()) {
                        SectorReader r = db.reader(sector);
                        byte[] codes = new byte[blockSize];
                        for (long start = 0; start < r.entries(); start += blockSize) {
                            int n = (int) Math.min(blockSize, r.entries() - start);
                            for (int i = 0; i < n; i++) {
                                codes[i] = (byte) Value.encode(r.value(start + i));
                            }
                            long[] sizes = compressed(codes, n, level);
                            raw += sizes[0];
                            wdl += sizes[1];
                            distances += sizes[2];
                        }
                    }
                    System.out.printf(Locale.ROOT, "level %2d, blocks of %7d: codes %.4f bits/position; planes %.4f"
                            + " (win/draw/loss %.4f + distances %.4f)%n", level, blockSize, 8.0 * raw / positions,
                        8.0 * (wdl + distances) / positions, 8.0 * wdl / positions, 8.0 * distances / positions);
                }
            }
        }
    }

    /** Compressed bytes of the codes, of their win/draw/loss plane and of their distance plane. */
    private static long[] compressed(byte[] codes, int n, int level) {
        byte[] wdl = new byte[(n + 3) / 4];
        byte[] distances = new byte[n];
        int m = 0;
        for (int i = 0; i < n; i++) {
            int code = codes[i] & 0xFF;
            int kind = code == Value.CODE_DRAW ? 0 : code == Value.CODE_ESCAPE ? 3 : Value.isWin(code - 1) ? 1 : 2;
            wdl[i >> 2] |= (byte) (kind << ((i & 3) * 2));
            if (code != Value.CODE_DRAW) {
                distances[m++] = (byte) ((code - 1) >> 1);
            }
        }
        return new long[] {Zstd.compress(Arrays.copyOf(codes, n), level).length, Zstd.compress(wdl, level).length,
            m == 0 ? 0 : Zstd.compress(Arrays.copyOf(distances, m), level).length};
    }
}
