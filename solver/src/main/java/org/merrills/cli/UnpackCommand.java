package org.merrills.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.merrills.db.Packing;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code merrills unpack}: turns a packed database back into plain sector files, byte for byte the
 * files {@code solve} wrote, in place or into a copy; crash-safe like {@code pack}.
 */
@Command(name = "unpack", mixinStandardHelpOptions = true,
    description = "Unpacks a packed database into plain sector files, byte-identical to the ones solve wrote. "
        + "In place unless --out is given.")
public final class UnpackCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    DatabaseOption dbOption;

    @Option(names = "--out", paramLabel = "DIR", description = "Write the plain copy here instead of unpacking in place.")
    Path out;

    @Override
    public Integer call() {
        return Repacking.run("unpack", dbOption.dir, out, Packing::unpack, spec.commandLine().getOut());
    }
}
