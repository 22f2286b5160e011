package org.merrills.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.merrills.db.PackedFileFormat;
import org.merrills.db.Packing;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code merrills pack}: compresses a solved database's sector files (zstd blocks that probes read
 * in place), in place or into a copy. Crash-safe like {@code solve}: each sector is written to a
 * temporary name, forced, checked to hold the catalogued values, and renamed over the old file.
 */
@Command(name = "pack", mixinStandardHelpOptions = true,
    description = {"Packs a solved database: each sector file compressed in independent zstd blocks, probed "
        + "without unpacking, every value and exact distance kept. In place unless --out is given; "
        + "a killed pack leaves each sector plain or packed, whole; run it again to finish.",
        "Undo with 'merrills unpack' (byte-identical plain files)."})
public final class PackCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    DatabaseOption dbOption;

    @Option(names = "--out", paramLabel = "DIR", description = "Write the packed copy here instead of packing in place.")
    Path out;

    @Option(names = "--level", paramLabel = "N", description = "zstd level, 1 to 22 (default: ${DEFAULT-VALUE}).")
    int level = PackedFileFormat.DEFAULT_LEVEL;

    @Option(names = "--block-size", paramLabel = "ENTRIES",
        description = "Entries per compressed block, a power of two from 4096 to 4194304 (default: ${DEFAULT-VALUE}).")
    int blockSize = PackedFileFormat.DEFAULT_BLOCK_SIZE;

    @Mixin
    ThreadsOption threads;

    @Override
    public Integer call() {
        Packing.Options options = new Packing.Options(blockSize, level); // refuses bad values
        ExecutorService pool = Executors.newFixedThreadPool(threads.count());
        try {
            return Repacking.run("pack", dbOption.dir, out,
                (from, to, sector, row) -> Packing.pack(from, to, sector, row, options, pool), spec.commandLine().getOut());
        } finally {
            pool.shutdownNow();
        }
    }
}
