package org.merrills.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.merrills.db.Database;
import org.merrills.rules.Variant;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Spec;

/**
 * {@code merrills repair}: what a solve does on opening a database, on demand and in full: every
 * sector file checked block by block, the damaged ones set aside (renamed, never deleted), the
 * temporaries of an interrupted write removed, the catalogue rebuilt from the sound files.
 */
@Command(name = "repair", mixinStandardHelpOptions = true,
    description = {"Checks every sector file of a database in full, sets aside (renames to "
        + "<sector>.msdb.damaged-<time>) those that fail, removes temporary files of an interrupted "
        + "write and rebuilds the catalogue from the sound files; reports what it found. Files of "
        + "another game copied in are set aside too (the catalogue's rules are kept, else those of "
        + "most files). A sector set "
        + "aside is solved again by the next 'merrills solve'.",
        "Needs write access and no other writer."})
public final class RepairCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    DatabaseOption dbOption;

    @Override
    public Integer call() {
        Path db = dbOption.dir;
        PrintWriter out = spec.commandLine().getOut();
        Variant variant;
        if (Files.isDirectory(db) && Database.rulesOf(db).size() > 1) {
            // files of another game copied in: keep the catalogue's rules (else the most files'), set the rest aside
            String keep = Database.prevailingRules(db).orElseThrow(() -> new IllegalArgumentException("the database " + db
                + " holds as many sector files of each of " + String.join(" and ", Database.rulesOf(db).keySet())
                + " and no catalogue to tell which it is; move one game's files to another directory"));
            variant = Variant.fromFingerprint(keep);
            out.println("the sector files mix rules; keeping " + variant + " (" + keep + "), setting aside the others");
        } else {
            variant = Probes.variantOf(db);
        }
        List<String> report = Database.repair(db, variant.fingerprint());
        report.forEach(out::println);
        out.flush();
        return 0;
    }
}
